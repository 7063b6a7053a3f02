import type { Area, Grant } from '@school/shared/auth/permissions';
import { ROLE_AREA_PREFIX, type Role } from '@school/shared/auth/roles';
import {
  AwardIcon,
  BookIcon,
  CalendarCheckIcon,
  CheckCircleIcon,
  ChildIcon,
  ChartIcon,
  ClipboardIcon,
  ClockIcon,
  DashboardIcon,
  FolderIcon,
  GraduationIcon,
  MegaphoneIcon,
  MessageIcon,
  NoteIcon,
  PencilSquareIcon,
  SchoolIcon,
  SettingsIcon,
  ShieldIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
  type IconComponent,
} from '@/components/ui/icons';

export interface NavItem {
  label: string;
  to: string;
  icon: IconComponent;
  /** Paths under this prefix keep the item highlighted (e.g. /student/profile/edit-profile/:id). */
  activePrefix: string;
  /** The permission-matrix area whose view grant shows the item. */
  area: Area;
}

interface NavUser {
  role: Role;
  studentId?: string | null;
}

function item(label: string, to: string, icon: IconComponent, area: Area, activePrefix = to): NavItem {
  return { label, to, icon, activePrefix, area };
}

/**
 * The sidebar of each role: the spec's tabs and paths (parent: our addition), without the items
 * whose area the role may not view when `grants` (the user's row of the matrix) is given.
 */
export function navItemsFor(user: NavUser, grants?: Partial<Record<Area, Grant>>): NavItem[] {
  const items = roleNavItems(user);
  return grants ? items.filter((navItem) => grants[navItem.area]?.view === true) : items;
}

function roleNavItems(user: NavUser): NavItem[] {
  switch (user.role) {
    case 'super_admin':
      return [
        item('Dashboard', '/super-admin/dashboard', DashboardIcon, 'dashboard'),
        item('User Roles', '/super-admin/user-roles', UsersIcon, 'user-roles'),
        item('Schools', '/super-admin/schools', SchoolIcon, 'schools'),
        item('Reports', '/super-admin/reports', ChartIcon, 'reports'),
        item('Security', '/super-admin/security', ShieldIcon, 'security'),
        // our addition (decision 0016): notices to one or all of the schools
        item('Noticeboard', '/super-admin/noticeboard', MegaphoneIcon, 'noticeboard'),
        item('Settings', '/super-admin/settings', SettingsIcon, 'settings'),
      ];
    case 'admin':
      return [
        item('Dashboard', '/admin/dashboard', DashboardIcon, 'dashboard'),
        item('Admissions', '/admin/admissions', ClipboardIcon, 'admissions'),
        item('Academics', '/admin/academics', BookIcon, 'academics'),
        item('Records', '/admin/records', FolderIcon, 'records'),
        item('Ratings', '/admin/records/ratings', AwardIcon, 'attendance'),
        // the approval chain before results publish (issue 18)
        item('Approvals', '/admin/records/approvals', CheckCircleIcon, 'records'),
        item('Finance', '/admin/finance', WalletIcon, 'finance'),
        item('Noticeboard', '/admin/noticeboard', MegaphoneIcon, 'noticeboard'),
        // issue 20: the SMS and WhatsApp log (who sees it: the settings area, as the server's policy)
        item('Messages', '/admin/messages', MessageIcon, 'settings'),
        item('Reports', '/admin/reports', ChartIcon, 'reports'),
        item('Settings', '/admin/settings', SettingsIcon, 'settings'),
      ];
    case 'teacher':
      return [
        item('Dashboard', '/teachers/dashboard', DashboardIcon, 'dashboard'),
        item('Students', '/teachers/students', GraduationIcon, 'students'),
        item('Lesson Notes', '/teachers/lesson-notes', NoteIcon, 'lesson-notes'),
        item('Assessment', '/teachers/assessments', PencilSquareIcon, 'assessments'),
        item('Ratings', '/teachers/ratings', AwardIcon, 'attendance'),
        item('Approvals', '/teachers/approvals', CheckCircleIcon, 'assessments'),
        item('Comments', '/teachers/class-teacher-comments', PencilSquareIcon, 'attendance'),
        item('Attendance', '/teachers/attendance', CalendarCheckIcon, 'attendance', '/teachers/attendance'),
        item('Noticeboard', '/teachers/noticeboard', MegaphoneIcon, 'noticeboard'),
        // their own account (password): the profile area
        item('Settings', '/teachers/settings', SettingsIcon, 'profile'),
      ];
    case 'student': {
      const id = user.studentId ?? '';
      const student = (label: string, section: string, icon: IconComponent, area: Area) =>
        item(label, `/student/${section}/${id}`, icon, area, `/student/${section}`);
      return [
        student('Dashboard', 'dashboard', DashboardIcon, 'dashboard'),
        student('My Profile', 'profile', UserIcon, 'profile'),
        student('Attendance', 'attendance', CalendarCheckIcon, 'attendance'),
        student('Subjects', 'subjects', BookIcon, 'academics'),
        student('Results', 'results', AwardIcon, 'records'),
        student('Time Table', 'timetable', ClockIcon, 'academics'),
        student('School Fees', 'fees', WalletIcon, 'finance'),
        student('Noticeboard', 'notice-board', MegaphoneIcon, 'noticeboard'),
        student('Settings', 'settings', SettingsIcon, 'profile'),
      ];
    }
    case 'parent':
      return [
        item('Dashboard', '/parent/dashboard', DashboardIcon, 'dashboard'),
        item('Children', '/parent/children', ChildIcon, 'dashboard'),
        item('Noticeboard', '/parent/noticeboard', MegaphoneIcon, 'noticeboard'),
        item('Settings', '/parent/settings', SettingsIcon, 'profile'),
      ];
  }
}

/** Whether `pathname` belongs to `item`; the bare area root counts as its dashboard. */
export function isNavItemActive(navItem: NavItem, pathname: string, role: Role): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === navItem.activePrefix || path.startsWith(`${navItem.activePrefix}/`)) return true;
  const areaRoot = `/${ROLE_AREA_PREFIX[role]}`;
  return path === areaRoot && navItem.label === 'Dashboard';
}

/** The user card's Profile link: the role's settings page. */
export function profilePathFor(user: NavUser): string {
  switch (user.role) {
    case 'super_admin':
      return '/super-admin/settings/system';
    case 'admin':
      return '/admin/settings';
    case 'teacher':
      return '/teachers/settings';
    case 'student':
      return `/student/settings/${user.studentId ?? ''}`;
    case 'parent':
      return '/parent/settings';
  }
}

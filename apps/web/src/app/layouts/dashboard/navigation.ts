import { ROLE_AREA_PREFIX, type Role } from '@school/shared/auth/roles';
import {
  AwardIcon,
  BookIcon,
  CalendarCheckIcon,
  ChartIcon,
  ClipboardIcon,
  ClockIcon,
  DashboardIcon,
  FolderIcon,
  GraduationIcon,
  MegaphoneIcon,
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
}

interface NavUser {
  role: Role;
  studentId?: string | null;
}

function item(label: string, to: string, icon: IconComponent, activePrefix = to): NavItem {
  return { label, to, icon, activePrefix };
}

/** The sidebar of each role: exactly the spec's tabs and paths (parent: our addition). */
export function navItemsFor(user: NavUser): NavItem[] {
  switch (user.role) {
    case 'super_admin':
      return [
        item('Dashboard', '/super-admin/dashboard', DashboardIcon),
        item('User Roles', '/super-admin/user-roles', UsersIcon),
        item('Schools', '/super-admin/schools', SchoolIcon),
        item('Reports', '/super-admin/reports', ChartIcon),
        item('Security', '/super-admin/security', ShieldIcon),
        item('Settings', '/super-admin/settings', SettingsIcon),
      ];
    case 'admin':
      return [
        item('Dashboard', '/admin/dashboard', DashboardIcon),
        item('Admissions', '/admin/admissions', ClipboardIcon),
        item('Academics', '/admin/academics', BookIcon),
        item('Records', '/admin/records', FolderIcon),
        item('Finance', '/admin/finance', WalletIcon),
        item('Noticeboard', '/admin/noticeboard', MegaphoneIcon),
        item('Reports', '/admin/reports', ChartIcon),
        item('Settings', '/admin/settings', SettingsIcon),
      ];
    case 'teacher':
      return [
        item('Dashboard', '/teachers/dashboard', DashboardIcon),
        item('Students', '/teachers/students', GraduationIcon),
        item('Lesson Notes', '/teachers/lesson-notes', NoteIcon),
        item('Assessment', '/teachers/assessments', PencilSquareIcon),
        item('Attendance', '/teachers/attendance', CalendarCheckIcon, '/teachers/attendance'),
        item('Noticeboard', '/teachers/noticeboard', MegaphoneIcon),
        item('Settings', '/teachers/settings', SettingsIcon),
      ];
    case 'student': {
      const id = user.studentId ?? '';
      const student = (label: string, section: string, icon: IconComponent) =>
        item(label, `/student/${section}/${id}`, icon, `/student/${section}`);
      return [
        student('Dashboard', 'dashboard', DashboardIcon),
        student('My Profile', 'profile', UserIcon),
        student('Attendance', 'attendance', CalendarCheckIcon),
        student('Subjects', 'subjects', BookIcon),
        student('Results', 'results', AwardIcon),
        student('Time Table', 'timetable', ClockIcon),
        student('School Fees', 'fees', WalletIcon),
        student('Noticeboard', 'notice-board', MegaphoneIcon),
        student('Settings', 'settings', SettingsIcon),
      ];
    }
    case 'parent':
      return [
        item('Dashboard', '/parent/dashboard', DashboardIcon),
        item('Settings', '/parent/settings', SettingsIcon),
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

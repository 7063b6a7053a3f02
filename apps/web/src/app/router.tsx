import type { Role } from '@school/shared/auth/roles';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, redirect, ScrollRestoration, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { redirectIfSignedIn, redirectToHome, requireRole } from './guards';
import type { PlaceholderHandle } from './routes/placeholder';
import { RouteErrorPage } from './routes/route-error';

/*
 * Every route of spec section 2 (plus /parent/*). Each page is a lazy module; layouts are lazy too,
 * so the entry chunk holds only React, the router, the query client and this table.
 */

const lazyDashboardLayout = () => import('./layouts/dashboard-layout').then((m) => ({ Component: m.DashboardLayout }));
const lazyAuthLayout = () => import('./layouts/auth-layout').then((m) => ({ Component: m.AuthLayout }));
const lazyPlaceholder = () => import('./routes/placeholder');
const lazyAreaDashboard = () => import('./routes/area-dashboard');
const lazyAccountSettings = () => import('./routes/account-settings');
const lazyNotFound = () => import('./routes/not-found');

/** A page whose feature arrives later: its title and what it will show. */
function page(path: string, title: string, description: string): RouteObject {
  const handle: PlaceholderHandle = { title, description };
  return { path, handle, lazy: lazyPlaceholder };
}

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <PageSpinner />
    </div>
  );
}

/** A role's area: the guard, the shell, and its pages inside an error boundary that keeps the shell. */
function area(queryClient: QueryClient, path: string, role: Role, children: RouteObject[]): RouteObject {
  return {
    path,
    loader: requireRole(queryClient, role),
    lazy: lazyDashboardLayout,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [...children, { path: '*', lazy: lazyNotFound }],
      },
    ],
  };
}

function superAdminRoutes(): RouteObject[] {
  return [
    { index: true, lazy: lazyAreaDashboard },
    { path: 'dashboard', lazy: lazyAreaDashboard },
    page('user-roles', 'User Roles', 'The organisation’s users and their roles will be listed here, with the permission each role has.'),
    page('user-roles/create-user', 'Create User', 'The form to add a user and send them an invitation arrives with user management.'),
    page('schools', 'Schools', 'The schools of your organisation, with their administrators and status, will be listed here.'),
    page('reports', 'Reports', 'Organisation-wide reports — schools compared, users and fees — arrive with the reports module.'),
    page('reports/financial', 'Financial Report', 'Fees expected, collected and outstanding across your schools will be shown here.'),
    page('reports/staff', 'Staff Report', 'Staff numbers and roles across your schools will be shown here.'),
    page('reports/student', 'Student Report', 'Students by school, class and gender will be shown here.'),
    page('security', 'Security', 'Your schools’ camera channels will be shown here once cameras are added in settings.'),
    page('security/cam/:id', 'Camera', 'This camera’s live stream will play here once camera channels are set up.'),
    {
      path: 'settings',
      lazy: () => import('./routes/super-admin-settings-layout'),
      children: [
        { index: true, loader: () => redirect('/super-admin/settings/system') },
        { path: 'system', lazy: lazyAccountSettings },
        page('permissions', 'Permissions', 'The permission matrix — add, edit, delete and view for each role and area — will be editable here.'),
        page('add-camera', 'Add Camera', 'The camera channel form (name, model or QR code, school, location) arrives with the security module.'),
        page('academics', 'Academics', 'Organisation-wide academic defaults (terms, class levels) will be set here.'),
        page('channels', 'Channels', 'Camera channels (Live, YouTube, Vimeo, Zoom) will be managed here.'),
        page('session-setting', 'Session Setting', 'Academic sessions and their terms will be managed here.'),
        page('results', 'Results', 'Score maximums and the grading scale will be set here.'),
        page('referral', 'Referral', 'Referral campaigns and withdrawal requests will be managed here.'),
        page('security-setting', 'Security Setting', 'Sign-in and session security settings will be managed here.'),
        page('payment', 'Payment', 'Your Paystack keys for online fee payments will be set here.'),
      ],
    },
  ];
}

function adminRoutes(): RouteObject[] {
  return [
    { index: true, lazy: lazyAreaDashboard },
    { path: 'dashboard', lazy: lazyAreaDashboard },
    page('admissions', 'Admissions', 'Admission applications and their status will be listed here.'),
    page('admissions/application', 'Applications', 'New applications waiting for a decision will be listed here.'),
    page('admissions/admitted', 'Admitted', 'Accepted applicants will be listed here.'),
    page('admissions/archived', 'Archived', 'Archived applications will be listed here.'),
    page('admissions/enrollment', 'New Enrollment', 'Applicants to approve or archive, with their payment status, will be listed here.'),
    page('admissions/application-letter', 'Application Letter', 'The admission letter template and printable letters arrive with the admissions module.'),
    page('academics', 'Academics', 'Classes, subjects, staff and the timetable of the selected session will be managed here.'),
    page('academics/add-staff', 'Add Staff', 'The form to add a staff member arrives with the academics module.'),
    page('academics/time-table', 'Time Table', 'Each class’s weekly timetable (Monday to Friday, 8:00 AM to 5:00 PM) will be set here.'),
    page('academics/add-class', 'Add Class', 'The form to add a class (level, arm and class teacher) arrives with the academics module.'),
    page('academics/add-subject', 'Add Subject', 'The form to add a subject and assign its teacher arrives with the academics module.'),
    page('academics/class', 'Classes', 'The classes of the selected session will be listed here.'),
    page('academics/staff', 'Staff', 'Your school’s staff will be listed here.'),
    page('academics/subject', 'Subjects', 'Your school’s subjects will be listed here.'),
    page('academics/lesson-note', 'Lesson Notes', 'Lesson notes submitted by teachers, for review, will be listed here.'),
    page('academics/promotion', 'Promotion', 'End-of-session promotion of students to their next class will run from here.'),
    page('academics/staff-profile/:id', 'Staff Profile', 'This staff member’s profile will be shown here.'),
    page('academics/edit-profile/:id', 'Edit Profile', 'The form to edit this staff member’s profile arrives with the academics module.'),
    page('records', 'Records', 'Results, attendance, grades, transcripts and student records will be reached from here.'),
    page('records/results', 'Results', 'Term results by class and subject will be shown here.'),
    page('records/attendance', 'Attendance', 'Attendance rates per class and student will be shown here.'),
    page('records/grades', 'Grades', 'Your school’s grading scale will be shown here.'),
    page('records/security', 'Security', 'The school’s security camera channels will be shown here.'),
    page('records/transcript', 'Transcript', 'Printable student transcripts across sessions will be produced here.'),
    page('records/students', 'Students', 'Your school’s students will be listed here.'),
    page('records/student-profile/:id', 'Student Profile', 'This student’s profile, guardians and records will be shown here.'),
    page('finance', 'Finance', 'Fee items, invoices and payments will be managed here.'),
    page('noticeboard', 'Noticeboard', 'Announcements for staff, students and parents will be posted and listed here.'),
    page('reports', 'Reports', 'School reports — students, attendance, results, fees and staff — arrive with the reports module.'),
    page('reports/staff', 'Staff Report', 'Staff numbers and roles will be shown here.'),
    page('reports/student', 'Student Report', 'Students by class and gender will be shown here.'),
    { path: 'settings', lazy: lazyAccountSettings },
  ];
}

function teacherRoutes(): RouteObject[] {
  return [
    { index: true, lazy: lazyAreaDashboard },
    { path: 'dashboard', lazy: lazyAreaDashboard },
    page('students', 'Students', 'The students of your classes will be listed here.'),
    page('students/student-profile/:id', 'Student Profile', 'This student’s profile and records will be shown here.'),
    page('lesson-notes', 'Lesson Notes', 'Your lesson notes per class, subject and week will be written and listed here.'),
    page('assessments', 'Assessment', 'Assignments and results of your classes will be reached from here.'),
    page('assessments/assignment', 'Assignment', 'Assignments for your classes will be set and listed here.'),
    page('assessments/results', 'Results', 'Score entry for your classes and subjects arrives with the results module.'),
    page('teachers-comment', 'Teachers Comment', 'Your comments on each student, with a score, will be written here.'),
    page('attendance', 'Attendance', 'Attendance registers of your classes will be shown here.'),
    page('mark-attendance', 'Mark Attendance', 'Today’s register for your class will be marked here.'),
    page('noticeboard', 'Noticeboard', 'Announcements from your school will be listed here.'),
    { path: 'settings', lazy: lazyAccountSettings },
  ];
}

function studentRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { index: true, loader: redirectToHome(queryClient) },
    { path: 'dashboard/:id', lazy: lazyAreaDashboard },
    page('profile/:id', 'My Profile', 'Your profile, class and guardians will be shown here.'),
    page('profile/edit-profile/:id', 'Edit Profile', 'The form to update your profile arrives with the records module.'),
    page('attendance/:id', 'Attendance', 'Your attendance for each month will be shown on a calendar here.'),
    page('subjects/:id', 'Subjects', 'Your subjects and their teachers will be listed here.'),
    page('results/:id', 'Results', 'Your published results for each term will be shown here.'),
    page('timetable/:id', 'Time Table', 'Your class timetable will be shown here.'),
    page('fees/:id', 'School Fees', 'Your invoices, payments and balance will be shown here.'),
    page('notice-board/:id', 'Noticeboard', 'Announcements from your school will be listed here.'),
    { path: 'settings/:id', lazy: lazyAccountSettings },
    // The spec's /student/{id}/* lands on the dashboard.
    { path: ':id/*', loader: redirectToHome(queryClient) },
  ];
}

function parentRoutes(): RouteObject[] {
  return [
    { index: true, loader: () => redirect('/parent/dashboard') },
    { path: 'dashboard', lazy: () => import('./routes/parent-dashboard') },
    { path: 'settings', lazy: lazyAccountSettings },
  ];
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: FullPageSpinner,
      ErrorBoundary: RouteErrorPage,
      children: [
        { index: true, lazy: () => import('@/features/landing/routes/home') },
        { path: 'web/home2', lazy: () => import('@/features/landing/routes/home2') },
        {
          path: 'auth',
          lazy: lazyAuthLayout,
          children: [
            {
              ErrorBoundary: RouteErrorPage,
              children: [
                { index: true, loader: redirectIfSignedIn(queryClient), lazy: () => import('@/features/auth/routes/login') },
                { path: 'login', loader: redirectIfSignedIn(queryClient), lazy: () => import('@/features/auth/routes/login') },
                { path: 'register', lazy: () => import('@/features/auth/routes/register') },
                { path: 'serial-code', lazy: () => import('@/features/auth/routes/serial-code') },
                { path: 'forgot-password', lazy: () => import('@/features/auth/routes/forgot-password') },
                { path: 'reset-password', lazy: () => import('@/features/auth/routes/reset-password') },
                { path: 'school-register', lazy: () => import('@/features/auth/routes/school-register') },
                { path: 'application', lazy: () => import('@/features/auth/routes/application') },
                { path: '*', lazy: lazyNotFound },
              ],
            },
          ],
        },
        area(queryClient, 'super-admin', 'super_admin', superAdminRoutes()),
        area(queryClient, 'admin', 'admin', adminRoutes()),
        area(queryClient, 'teachers', 'teacher', teacherRoutes()),
        area(queryClient, 'student', 'student', studentRoutes(queryClient)),
        area(queryClient, 'parent', 'parent', parentRoutes()),
        { path: '*', lazy: lazyNotFound },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}

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
const lazyTeacherDashboard = () => import('./routes/teacher-dashboard');
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
    { index: true, lazy: () => import('./routes/super-admin-dashboard') },
    { path: 'dashboard', lazy: () => import('./routes/super-admin-dashboard') },
    { path: 'user-roles', lazy: () => import('@/features/organisations/routes/user-roles') },
    { path: 'user-roles/create-user', lazy: () => import('@/features/organisations/routes/create-user') },
    { path: 'schools', lazy: () => import('@/features/organisations/routes/schools') },
    page('reports', 'Reports', 'Organisation-wide reports — schools compared, users and fees — arrive with the reports module.'),
    page('reports/financial', 'Financial Report', 'Fees expected, collected and outstanding across your schools will be shown here.'),
    page('reports/staff', 'Staff Report', 'Staff numbers and roles across your schools will be shown here.'),
    page('reports/student', 'Student Report', 'Students by school, class and gender will be shown here.'),
    { path: 'security', lazy: () => import('@/features/audit/routes/security') },
    page('security/cam/:id', 'Camera', 'This camera’s live stream will play here once camera channels are set up.'),
    {
      path: 'settings',
      lazy: () => import('./routes/super-admin-settings-layout'),
      children: [
        { index: true, loader: () => redirect('/super-admin/settings/system') },
        { path: 'system', lazy: () => import('./routes/super-admin-system-settings') },
        { path: 'permissions', lazy: () => import('@/features/organisations/routes/permissions') },
        page('add-camera', 'Add Camera', 'The camera channel form (name, model or QR code, school, location) arrives with the security module.'),
        page('academics', 'Academics', 'Organisation-wide academic defaults (terms, class levels) will be set here.'),
        page('channels', 'Channels', 'Camera channels (Live, YouTube, Vimeo, Zoom) will be managed here.'),
        { path: 'session-setting', lazy: () => import('@/features/academics/routes/session-setting') },
        page('results', 'Results', 'Score maximums and the grading scale will be set here.'),
        page('referral', 'Referral', 'Referral campaigns and withdrawal requests will be managed here.'),
        { path: 'security-setting', lazy: () => import('@/features/organisations/routes/security-settings') },
        page('payment', 'Payment', 'Your Paystack keys for online fee payments will be set here.'),
      ],
    },
  ];
}

function adminRoutes(): RouteObject[] {
  return [
    { index: true, lazy: lazyAreaDashboard },
    { path: 'dashboard', lazy: lazyAreaDashboard },
    { path: 'admissions', lazy: () => import('@/features/admissions/routes/admissions-home') },
    { path: 'admissions/application', lazy: () => import('@/features/admissions/routes/applications') },
    { path: 'admissions/admitted', lazy: () => import('@/features/admissions/routes/admitted') },
    { path: 'admissions/archived', lazy: () => import('@/features/admissions/routes/archived') },
    { path: 'admissions/enrollment', lazy: () => import('@/features/admissions/routes/enrollment') },
    { path: 'admissions/application-letter', lazy: () => import('@/features/admissions/routes/application-letter') },
    { path: 'admissions/admit', lazy: () => import('@/features/admissions/routes/admit-student') },
    { path: 'admissions/import', lazy: () => import('@/features/admissions/routes/import-students') },
    { path: 'academics', lazy: () => import('@/features/academics/routes/academics-home') },
    { path: 'academics/add-staff', lazy: () => import('@/features/staff/routes/add-staff') },
    { path: 'academics/time-table', lazy: () => import('@/features/timetable/routes/admin-time-table') },
    { path: 'academics/add-class', lazy: () => import('@/features/academics/routes/add-class') },
    { path: 'academics/add-subject', lazy: () => import('@/features/academics/routes/add-subject') },
    { path: 'academics/class', lazy: () => import('@/features/academics/routes/classes') },
    { path: 'academics/staff', lazy: () => import('@/features/staff/routes/staff-list') },
    { path: 'academics/subject', lazy: () => import('@/features/academics/routes/subjects') },
    { path: 'academics/lesson-note', lazy: () => import('@/features/lesson-notes/routes/admin-lesson-notes') },
    page('academics/promotion', 'Promotion', 'End-of-session promotion of students to their next class will run from here.'),
    { path: 'academics/staff-profile/:id', lazy: () => import('@/features/staff/routes/staff-profile') },
    { path: 'academics/edit-profile/:id', lazy: () => import('@/features/staff/routes/edit-profile') },
    page('records', 'Records', 'Results, attendance, grades, transcripts and student records will be reached from here.'),
    page('records/results', 'Results', 'Term results by class and subject will be shown here.'),
    page('records/attendance', 'Attendance', 'Attendance rates per class and student will be shown here.'),
    page('records/grades', 'Grades', 'Your school’s grading scale will be shown here.'),
    page('records/security', 'Security', 'The school’s security camera channels will be shown here.'),
    page('records/transcript', 'Transcript', 'Printable student transcripts across sessions will be produced here.'),
    { path: 'records/students', lazy: () => import('@/features/students/routes/admin-students') },
    { path: 'records/student-profile/:id', lazy: () => import('@/features/students/routes/admin-student-profile') },
    page('finance', 'Finance', 'Fee items, invoices and payments will be managed here.'),
    page('noticeboard', 'Noticeboard', 'Announcements for staff, students and parents will be posted and listed here.'),
    page('reports', 'Reports', 'School reports — students, attendance, results, fees and staff — arrive with the reports module.'),
    page('reports/staff', 'Staff Report', 'Staff numbers and roles will be shown here.'),
    page('reports/student', 'Student Report', 'Students by class and gender will be shown here.'),
    { path: 'settings', lazy: () => import('./routes/admin-settings') },
  ];
}

function teacherRoutes(): RouteObject[] {
  return [
    { index: true, lazy: lazyTeacherDashboard },
    { path: 'dashboard', lazy: lazyTeacherDashboard },
    { path: 'students', lazy: () => import('@/features/students/routes/teacher-students') },
    { path: 'students/student-profile/:id', lazy: () => import('@/features/students/routes/teacher-student-profile') },
    { path: 'lesson-notes', lazy: () => import('@/features/lesson-notes/routes/teacher-lesson-notes') },
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
    { path: 'profile/:id', lazy: () => import('@/features/students/routes/my-profile') },
    { path: 'profile/edit-profile/:id', lazy: () => import('@/features/students/routes/edit-my-profile') },
    page('attendance/:id', 'Attendance', 'Your attendance for each month will be shown on a calendar here.'),
    { path: 'subjects/:id', lazy: () => import('@/features/academics/routes/student-subjects') },
    page('results/:id', 'Results', 'Your published results for each term will be shown here.'),
    { path: 'timetable/:id', lazy: () => import('@/features/timetable/routes/student-timetable') },
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
                { path: 'serial-code', lazy: () => import('@/features/admissions/routes/serial-code') },
                { path: 'forgot-password', lazy: () => import('@/features/auth/routes/forgot-password') },
                { path: 'reset-password', lazy: () => import('@/features/auth/routes/reset-password') },
                { path: 'school-register', lazy: () => import('@/features/organisations/routes/school-register') },
                { path: 'application', lazy: () => import('@/features/admissions/routes/application') },
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

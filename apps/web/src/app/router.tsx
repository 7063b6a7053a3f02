import type { Role } from '@school/shared/auth/roles';
import { TABLE } from '@school/shared/constants';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, Outlet, redirect, ScrollRestoration, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { studentQueryOptions } from '@/features/students/api/get-student';
import { studentClassesQueryOptions } from '@/features/students/api/get-student-classes';
import { studentsQueryOptions } from '@/features/students/api/get-students';
import {
  adminDashboardQueryOptions,
  parentDashboardQueryOptions,
  studentDashboardQueryOptions,
  teacherDashboardQueryOptions,
} from '@/features/dashboards/api/get-dashboards';
import type { SessionUser } from '@/types/api';
import { redirectIfSignedIn, redirectToHome, requireRole } from './guards';
import { RouteErrorPage } from './routes/route-error';

/*
 * Every route of spec section 2 (plus /parent/*). Each page is a lazy module; layouts are lazy too,
 * so the entry chunk holds only React, the router, the query client and this table.
 */

const lazyDashboardLayout = () => import('./layouts/dashboard-layout').then((m) => ({ Component: m.DashboardLayout }));
const lazyAuthLayout = () => import('./layouts/auth-layout').then((m) => ({ Component: m.AuthLayout }));
const lazyAreaDashboard = () => import('./routes/area-dashboard');
const lazyTeacherDashboard = () => import('./routes/teacher-dashboard');
const lazyAccountSettings = () => import('./routes/account-settings');
const lazyNotFound = () => import('./routes/not-found');

/**
 * A dashboard's loader: once the user is known (the session is preloaded by index.html), its figures
 * are asked for while the page's code downloads; the page's own query then joins that request.
 */
function prefetchDashboard<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  role: Role,
  options: (user: SessionUser) => FetchQueryOptions<TData, Error, TData, TKey> | null,
) {
  return async (_args: LoaderFunctionArgs) => {
    const user = await queryClient.ensureQueryData(meQueryOptions());
    const query = user?.role === role ? options(user) : null;
    if (query) void queryClient.prefetchQuery(query);
    return null;
  };
}

/**
 * A page's loader that asks for the data its first render shows while its code downloads (issue 17:
 * otherwise the request leaves only after that render), for a signed-in user of `role`; the page's
 * own queries then join these requests. Never waits for them: the page shows its own loading state.
 */
function prefetchPage(queryClient: QueryClient, role: Role, queries: (args: LoaderFunctionArgs) => Array<FetchQueryOptions<any, Error, any, any>>) {
  return async (args: LoaderFunctionArgs) => {
    const user = await queryClient.ensureQueryData(meQueryOptions());
    if (user?.role === role) for (const query of queries(args)) void queryClient.prefetchQuery(query);
    return null;
  };
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
    { path: 'reports', lazy: () => import('@/features/reports/routes/super-admin-reports') },
    { path: 'reports/financial', lazy: () => import('@/features/reports/routes/super-admin-financial-report') },
    { path: 'reports/staff', lazy: () => import('@/features/reports/routes/super-admin-staff-report') },
    { path: 'reports/users', lazy: () => import('@/features/reports/routes/super-admin-users-report') },
    { path: 'reports/student', lazy: () => import('@/features/reports/routes/super-admin-student-report') },
    { path: 'reports/schools/:schoolId', lazy: () => import('@/features/reports/routes/super-admin-school-reports') },
    { path: 'reports/schools/:schoolId/:kind', lazy: () => import('@/features/reports/routes/super-admin-school-report') },
    { path: 'security', lazy: () => import('./routes/super-admin-security') },
    { path: 'security/cam/:id', lazy: () => import('@/features/cameras/routes/camera-page') },
    { path: 'noticeboard', lazy: () => import('@/features/noticeboard/routes/super-admin-noticeboard') },
    {
      path: 'settings',
      lazy: () => import('./routes/super-admin-settings-layout'),
      children: [
        { index: true, loader: () => redirect('/super-admin/settings/system') },
        { path: 'system', lazy: () => import('./routes/super-admin-system-settings') },
        { path: 'permissions', lazy: () => import('@/features/organisations/routes/permissions') },
        { path: 'add-camera', lazy: () => import('@/features/cameras/routes/add-camera') },
        { path: 'academics', lazy: () => import('@/features/academics/routes/super-admin-academics') },
        { path: 'channels', lazy: () => import('@/features/cameras/routes/channels') },
        { path: 'session-setting', lazy: () => import('@/features/academics/routes/session-setting') },
        { path: 'results', lazy: () => import('@/features/results/routes/super-admin-results-settings') },
        { path: 'referral', lazy: () => import('@/features/referrals/routes/super-admin-referral') },
        { path: 'security-setting', lazy: () => import('@/features/organisations/routes/security-settings') },
        { path: 'payment', lazy: () => import('@/features/finance/routes/payment-settings') },
        { path: 'messaging', lazy: () => import('@/features/messaging/routes/super-admin-messaging-settings') },
      ],
    },
  ];
}

function adminRoutes(queryClient: QueryClient): RouteObject[] {
  const loader = prefetchDashboard(queryClient, 'admin', adminDashboardQueryOptions);
  return [
    { index: true, loader, lazy: lazyAreaDashboard },
    { path: 'dashboard', loader, lazy: lazyAreaDashboard },
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
    { path: 'academics/import-staff', lazy: () => import('@/features/staff/routes/import-staff') },
    { path: 'academics/time-table', lazy: () => import('@/features/timetable/routes/admin-time-table') },
    { path: 'academics/add-class', lazy: () => import('@/features/academics/routes/add-class') },
    { path: 'academics/add-subject', lazy: () => import('@/features/academics/routes/add-subject') },
    { path: 'academics/class', lazy: () => import('@/features/academics/routes/classes') },
    { path: 'academics/staff', lazy: () => import('@/features/staff/routes/staff-list') },
    { path: 'academics/subject', lazy: () => import('@/features/academics/routes/subjects') },
    { path: 'academics/import-subject-teachers', lazy: () => import('@/features/academics/routes/import-subject-teachers') },
    { path: 'academics/lesson-note', lazy: () => import('@/features/lesson-notes/routes/admin-lesson-notes') },
    { path: 'academics/promotion', lazy: () => import('@/features/academics/routes/promotion') },
    { path: 'academics/staff-profile/:id', lazy: () => import('@/features/staff/routes/staff-profile') },
    { path: 'academics/edit-profile/:id', lazy: () => import('@/features/staff/routes/edit-profile') },
    { path: 'records', lazy: () => import('@/features/results/routes/admin-records') },
    { path: 'records/results', lazy: () => import('@/features/results/routes/admin-results') },
    { path: 'records/approvals', lazy: () => import('@/features/results/routes/admin-approvals') },
    { path: 'records/attendance', lazy: () => import('@/features/attendance/routes/admin-attendance') },
    { path: 'records/grades', lazy: () => import('@/features/results/routes/admin-grades') },
    { path: 'records/security', lazy: () => import('@/features/cameras/routes/admin-security') },
    { path: 'records/security/cam/:id', lazy: () => import('@/features/cameras/routes/camera-page') },
    { path: 'records/transcript', lazy: () => import('@/features/results/routes/admin-transcript') },
    {
      path: 'records/students',
      // the list's first page and its class filter, as StudentsTable first asks for them
      loader: prefetchPage(queryClient, 'admin', () => [studentsQueryOptions({ page: 1, pageSize: TABLE.pageSize }), studentClassesQueryOptions()]),
      lazy: () => import('@/features/students/routes/admin-students'),
    },
    {
      path: 'records/student-profile/:id',
      loader: prefetchPage(queryClient, 'admin', ({ params }) => (params.id ? [studentQueryOptions(params.id)] : [])),
      lazy: () => import('@/features/students/routes/admin-student-profile'),
    },
    { path: 'records/report-cards', lazy: () => import('@/features/report-cards/routes/admin-report-cards') },
    { path: 'records/principal-comments', lazy: () => import('@/features/report-cards/routes/admin-principal-comments') },
    { path: 'records/class-teacher-comments', lazy: () => import('@/features/report-cards/routes/admin-class-teacher-comments') },
    { path: 'records/report-card/:studentId', lazy: () => import('@/features/report-cards/routes/admin-report-card') },
    { path: 'records/result-pins', lazy: () => import('@/features/report-cards/routes/admin-result-pins') },
    { path: 'records/ratings', lazy: () => import('@/features/ratings/routes/admin-ratings') },
    { path: 'records/edit-student/:id', lazy: () => import('@/features/students/routes/admin-edit-student') },
    { path: 'finance', lazy: () => import('@/features/finance/routes/admin-finance') },
    { path: 'noticeboard', lazy: () => import('@/features/noticeboard/routes/admin-noticeboard') },
    // issue 20: the school's SMS and WhatsApp log
    { path: 'messages', lazy: () => import('@/features/messaging/routes/admin-messages') },
    { path: 'reports', lazy: () => import('@/features/reports/routes/admin-reports') },
    { path: 'reports/staff', lazy: () => import('@/features/reports/routes/admin-staff-report') },
    { path: 'reports/student', lazy: () => import('@/features/reports/routes/admin-student-report') },
    // our additions (decision 0019): fees, and attendance with results, per class
    { path: 'reports/financial', lazy: () => import('@/features/reports/routes/admin-financial-report') },
    { path: 'reports/attendance-results', lazy: () => import('@/features/reports/routes/admin-academic-report') },
    { path: 'settings', lazy: () => import('./routes/admin-settings') },
    { path: 'settings/referral', lazy: () => import('@/features/referrals/routes/admin-referral') },
  ];
}

function teacherRoutes(queryClient: QueryClient): RouteObject[] {
  const loader = prefetchDashboard(queryClient, 'teacher', teacherDashboardQueryOptions);
  return [
    { index: true, loader, lazy: lazyTeacherDashboard },
    { path: 'dashboard', loader, lazy: lazyTeacherDashboard },
    { path: 'students', lazy: () => import('@/features/students/routes/teacher-students') },
    { path: 'students/student-profile/:id', lazy: () => import('@/features/students/routes/teacher-student-profile') },
    { path: 'lesson-notes', lazy: () => import('@/features/lesson-notes/routes/teacher-lesson-notes') },
    { path: 'assessments', lazy: () => import('@/features/results/routes/teacher-assessments') },
    { path: 'assessments/assignment', lazy: () => import('@/features/assignments/routes/teacher-assignments') },
    { path: 'assessments/results', lazy: () => import('@/features/results/routes/teacher-results') },
    { path: 'approvals', lazy: () => import('@/features/results/routes/teacher-approvals') },
    { path: 'ratings', lazy: () => import('@/features/ratings/routes/teacher-ratings') },
    { path: 'class-teacher-comments', lazy: () => import('@/features/report-cards/routes/teacher-class-teacher-comments') },
    { path: 'teachers-comment', lazy: () => import('@/features/teacher-comments/routes/teacher-comments') },
    { path: 'attendance', lazy: () => import('@/features/attendance/routes/teacher-attendance') },
    { path: 'mark-attendance', lazy: () => import('@/features/attendance/routes/mark-attendance') },
    { path: 'noticeboard', lazy: () => import('@/features/noticeboard/routes/noticeboard') },
    { path: 'settings', lazy: lazyAccountSettings },
  ];
}

function studentRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { index: true, loader: redirectToHome(queryClient) },
    {
      path: 'dashboard/:id',
      loader: prefetchDashboard(queryClient, 'student', (user) => (user.studentId ? studentDashboardQueryOptions(user.studentId) : null)),
      lazy: lazyAreaDashboard,
    },
    { path: 'profile/:id', lazy: () => import('@/features/students/routes/my-profile') },
    { path: 'profile/edit-profile/:id', lazy: () => import('@/features/students/routes/edit-my-profile') },
    { path: 'attendance/:id', lazy: () => import('@/features/attendance/routes/student-attendance') },
    { path: 'subjects/:id', lazy: () => import('@/features/academics/routes/student-subjects') },
    { path: 'results/:id', lazy: () => import('./routes/student-results') },
    { path: 'timetable/:id', lazy: () => import('@/features/timetable/routes/student-timetable') },
    { path: 'assignments/:id', lazy: () => import('@/features/assignments/routes/student-assignments') },
    { path: 'report-card/:id', lazy: () => import('@/features/report-cards/routes/student-report-card') },
    { path: 'fees/:id', lazy: () => import('@/features/finance/routes/student-fees') },
    { path: 'notice-board/:id', lazy: () => import('@/features/noticeboard/routes/noticeboard') },
    { path: 'settings/:id', lazy: lazyAccountSettings },
    // The spec's /student/{id}/* lands on the dashboard.
    { path: ':id/*', loader: redirectToHome(queryClient) },
  ];
}

function parentRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { index: true, loader: () => redirect('/parent/dashboard') },
    { path: 'dashboard', loader: prefetchDashboard(queryClient, 'parent', parentDashboardQueryOptions), lazy: () => import('./routes/parent-dashboard') },
    { path: 'noticeboard', lazy: () => import('@/features/noticeboard/routes/noticeboard') },
    { path: 'children', lazy: () => import('./routes/parent-children') },
    { path: 'children/:studentId', lazy: () => import('./routes/parent-child') },
    { path: 'children/:studentId/subjects', lazy: () => import('./routes/parent-child-subjects') },
    { path: 'children/:studentId/timetable', lazy: () => import('./routes/parent-child-timetable') },
    { path: 'children/:studentId/attendance', lazy: () => import('./routes/parent-child-attendance') },
    { path: 'children/:studentId/assignments', lazy: () => import('./routes/parent-child-assignments') },
    { path: 'children/:studentId/report-card', lazy: () => import('./routes/parent-child-report-card') },
    { path: 'children/:studentId/fees', lazy: () => import('./routes/parent-child-fees') },
    { path: 'children/:studentId/results', lazy: () => import('./routes/parent-child-results') },
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
        area(queryClient, 'admin', 'admin', adminRoutes(queryClient)),
        area(queryClient, 'teachers', 'teacher', teacherRoutes(queryClient)),
        area(queryClient, 'student', 'student', studentRoutes(queryClient)),
        area(queryClient, 'parent', 'parent', parentRoutes(queryClient)),
        { path: '*', lazy: lazyNotFound },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}

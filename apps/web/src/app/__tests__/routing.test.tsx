import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { createTestQueryClient, mockApi, sampleUser } from '@/test/render';
import { createRoutes } from '../router';

/** What GET /api/dashboard/admin answers for a school with no register taken today. */
const adminDashboard = {
  date: '2024-01-08',
  session: { id: 's-2023', name: '2023/24' },
  term: null,
  students: { total: 3, male: 1, female: 2, byClass: [{ classId: 'c1', className: 'JSS 1 A', male: 1, female: 2, total: 3 }] },
  staff: { total: 1, byType: [{ type: 'Teacher', count: 1 }] },
  attendance: { date: '2024-01-08', registersTaken: 0, classes: 1, present: 0, absent: 0, late: 0, excused: 0, rate: null },
  fees: null,
  applications: { pending: 0, recent: [] },
  lessonNotes: { awaitingReview: 0 },
};

const OWN_ID = '0b6f4c1e-9a8b-4c3d-8e7f-123456789abc';
const OTHER_ID = '9d9d9d9d-9a8b-4c3d-8e7f-123456789abc';

const sessions = {
  items: [
    { id: 's-2022', name: '2022/23', status: 'Inactive', terms: [] },
    { id: 's-2023', name: '2023/24', status: 'Active', terms: [] },
  ],
  selectedId: null,
};

/** `null`: this browser had signed in, but the server no longer knows the session. */
function signedInAs(user: object | null, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/bootstrap': { status: 200, body: { user: user ?? null } },
    'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
    'GET /api/academic-sessions': { status: 200, body: sessions },
    ...extra,
  });
}

function renderAt(path: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { router, queryClient, path: () => router.state.location.pathname + router.state.location.search };
}

describe('routing', () => {
  it('sends a signed-out visitor to the login page, remembering where they were going', async () => {
    signedInAs(null);
    const app = renderAt('/admin/records');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(app.path()).toBe('/auth/login?redirectTo=%2Fadmin%2Frecords');
  });

  it('sends a signed-out visitor of a protected page to login, and back there after it', async () => {
    signedInAs(null);
    const app = renderAt('/teachers/students');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(app.path()).toBe('/auth/login?redirectTo=%2Fteachers%2Fstudents');
  });

  it('shows the login page at /auth', async () => {
    signedInAs(null);
    renderAt('/auth');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('sends a teacher who opens the admin area to the teachers dashboard', async () => {
    signedInAs({ ...sampleUser, role: 'teacher', name: 'Tunde Bello' });
    const app = renderAt('/admin/finance');
    expect(await screen.findByRole('heading', { name: 'Welcome, Tunde' })).toBeTruthy();
    expect(app.path()).toBe('/teachers/dashboard');
  });

  it('sends a student who opens another student’s page to their own', async () => {
    signedInAs({ ...sampleUser, role: 'student', studentId: OWN_ID });
    const app = renderAt(`/student/results/${OTHER_ID}`);
    await waitFor(() => expect(app.path()).toBe(`/student/results/${OWN_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results' })).toBeTruthy();
  });

  it('takes a signed-in user away from the login page to their home', async () => {
    signedInAs(sampleUser);
    const app = renderAt('/auth/login');
    await waitFor(() => expect(app.path()).toBe('/admin/dashboard'));
  });

  it('opens the owner’s academic settings (a school’s sessions and terms) under settings/academics', async () => {
    signedInAs({ ...sampleUser, role: 'super_admin', schoolId: null });
    renderAt('/super-admin/settings/academics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Academic settings' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sessions & terms' })).toBeTruthy();
  });

  it('shows the not-found page for an unknown path', async () => {
    signedInAs(null);
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home page' }).getAttribute('href')).toBe('/');
  });

  it('welcomes the admin with the school and the active session, then the school’s figures', async () => {
    signedInAs(sampleUser, { 'GET /api/dashboard/admin': { status: 200, body: adminDashboard } });
    renderAt('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeTruthy();
    expect(screen.getByText('Bright Future College')).toBeTruthy();
    expect(await screen.findByText('2023/24')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Students by class and gender' })).toBeTruthy();
    expect(screen.getByText('No register taken today')).toBeTruthy();
  });

  it('switches the academic session and sends it with later requests', async () => {
    const requests = signedInAs(sampleUser, { 'PUT /api/me/academic-session': { status: 204 } });
    const user = userEvent.setup();
    renderAt('/admin/dashboard');
    const [select] = await screen.findAllByLabelText('Academic session');
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('s-2023'));
    await user.selectOptions(select, 's-2022');
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ academicSessionId: 's-2022' });
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.headers.get('x-academic-session') === 's-2022')).toBe(true));
  });

  it('lists a parent’s children', async () => {
    signedInAs(
      { ...sampleUser, role: 'parent', name: 'Ngozi Okafor' },
      {
        'GET /api/parent/children': {
          status: 200,
          body: { items: [{ studentId: OWN_ID, name: 'Chidi Okafor', className: 'JSS 1 A', registrationNo: 'BFC/2024/001' }] },
        },
      },
    );
    renderAt('/parent/dashboard');
    const list = await screen.findByRole('list', { name: 'Your children' });
    expect(within(list).getByText('Chidi Okafor')).toBeTruthy();
    expect(within(list).getByText('JSS 1 A · BFC/2024/001')).toBeTruthy();
  });

  it('tells a parent without linked children so', async () => {
    signedInAs({ ...sampleUser, role: 'parent' }, { 'GET /api/parent/children': { status: 200, body: { items: [] } } });
    renderAt('/parent/dashboard');
    expect(await screen.findByText('No children linked yet')).toBeTruthy();
  });

  it('logs out to the login page with a toast', async () => {
    const requests = signedInAs(sampleUser, { 'POST /api/auth/logout': { status: 204 } });
    const user = userEvent.setup();
    const app = renderAt('/admin/dashboard');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout Successful!')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe('/auth/login'));
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/auth/logout')).toBe(true);
  });
});

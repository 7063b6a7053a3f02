import type { OrganisationOverview } from '@school/shared/organisations/responses';
import { SETUP_STEPS } from '@school/shared/dashboards/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, sampleUser } from '@/test/render';
import { Component as SuperAdminDashboard } from '../routes/super-admin-dashboard';

const school = (id: string, name: string) => ({
  id,
  name,
  code: name.slice(0, 3).toUpperCase(),
  status: 'active' as const,
  activeSession: '2024/25',
  students: 0,
  staff: 1,
  classes: 0,
  feesCollectedKobo: 0,
  attendanceRate: null,
});

const overview: OrganisationOverview = {
  organisationName: 'Bright Future Schools',
  schools: [school('6f1c2f0e-1111-4a4a-9b9b-0000000000b1', 'Bright Future College'), school('6f1c2f0e-1111-4a4a-9b9b-0000000000b2', 'Bright Future Primary')],
  totals: { schools: 2, activeSchools: 2, students: 0, staff: 2, classes: 0, feesCollectedKobo: 0, attendanceRate: null },
};

describe('the owner’s dashboard', () => {
  it('shows each school’s set-up steps; a step runs the school as its administrator, then opens its screen', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/organisation/overview': { status: 200, body: overview },
      'GET /api/dashboard/setup': (request) => {
        const schoolId = new URL(request.url, 'http://localhost').searchParams.get('schoolId')!;
        const done = schoolId.endsWith('b1') ? ['sessions', 'classes'] : [];
        return { status: 200, body: { schoolId, steps: SETUP_STEPS.map((step) => ({ step, done: done.includes(step) })), complete: false } };
      },
      'POST /api/organisation/schools/6f1c2f0e-1111-4a4a-9b9b-0000000000b2/run': {
        status: 200,
        body: { schoolId: '6f1c2f0e-1111-4a4a-9b9b-0000000000b2', schoolName: 'Bright Future Primary' },
      },
      'GET /api/bootstrap': {
        status: 200,
        body: { user: { ...sampleUser, actingOwner: true }, academicSessions: null, permissions: null, unreadNotices: null },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/" element={<SuperAdminDashboard />} />
        <Route path="/admin/settings" element={<h1>Administrator settings</h1>} />
      </Routes>,
    );
    const college = (await screen.findByRole('heading', { name: 'Bright Future College', level: 2 })).closest('section')!;
    expect(within(college).getByText('2 of 9 steps done')).toBeTruthy();
    const primary = (await screen.findByRole('heading', { name: 'Bright Future Primary', level: 2 })).closest('section')!;
    expect(within(primary).getByText('0 of 9 steps done')).toBeTruthy();
    expect(within(primary).getByRole('button', { name: /^Run this school ?: Bright Future Primary$/ })).toBeTruthy();
    expect(requests.filter((r) => r.url.startsWith('/api/dashboard/setup?schoolId=')).map((r) => r.url)).toHaveLength(2);
    await user.click(within(primary).getByRole('button', { name: 'Grading' }));
    expect(await screen.findByRole('heading', { name: 'Administrator settings' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/organisation/schools/6f1c2f0e-1111-4a4a-9b9b-0000000000b2/run']),
    );
  });
});

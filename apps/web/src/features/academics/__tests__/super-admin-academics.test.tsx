import type { SessionSettingsResponse } from '@school/shared/academics/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as SuperAdminAcademics } from '../routes/super-admin-academics';
import { csrf, SCHOOL, sessionSettings } from './fixtures';

const SECOND = { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000cc', name: 'Greenfield Nursery & Primary' };
const SECOND_SESSION = '6f1c2f0e-3333-4a4a-9b9b-0000000000c1';

/** The second school: one Active session of its own, with a holiday. */
const secondSettings: SessionSettingsResponse = {
  school: SECOND,
  schools: [SCHOOL, SECOND],
  items: [
    {
      id: SECOND_SESSION,
      name: '2024/25',
      status: 'Active',
      terms: [
        { id: 't1', name: 'First', startDate: '2024-09-09', endDate: '2024-12-13', isCurrent: true },
        { id: 't2', name: 'Second', startDate: '2025-01-06', endDate: '2025-04-04', isCurrent: false },
        { id: 't3', name: 'Third', startDate: '2025-04-28', endDate: '2025-07-25', isCurrent: false },
      ],
    },
  ],
};

describe('/super-admin/settings/academics', () => {
  it('shows the chosen school’s sessions, terms and holidays, and follows the school picker', async () => {
    const requests = mockApi({
      ...csrf,
      'GET /api/settings/academic-sessions': (request) => ({
        status: 200,
        body: request.url.includes(SECOND.id) ? secondSettings : { ...sessionSettings, schools: [SCHOOL, SECOND] },
      }),
      [`GET /api/academic-sessions/${sessionSettings.items[1].id}/holidays`]: { status: 200, body: { items: [] } },
      [`GET /api/academic-sessions/${SECOND_SESSION}/holidays`]: {
        status: 200,
        body: {
          items: [{ id: 'h1', name: 'Independence Day', startDate: '2024-10-01', endDate: '2024-10-01', weekdays: 1, termId: 't1', termName: 'First' }],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SuperAdminAcademics />);

    expect(screen.getByRole('heading', { level: 1, name: 'Academic settings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Results' }).getAttribute('href')).toBe('/super-admin/settings/results');
    // the organisation's first school to begin with, its sessions and the Active one's holidays
    const picker = (await screen.findByLabelText('School')) as HTMLSelectElement;
    expect(picker.value).toBe(SCHOOL.id);
    expect(within(screen.getByRole('list', { name: 'Sessions' })).getByRole('heading', { name: '2023/24' })).toBeTruthy();
    expect(await screen.findByText(/No holidays in 2023\/24 yet/)).toBeTruthy();

    await user.selectOptions(picker, SECOND.id);
    expect(await screen.findByText('Independence Day', { selector: 'p' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Sessions' })).getByRole('heading', { name: '2024/25' })).toBeTruthy();
    expect(requests.some((r) => r.url === `/api/settings/academic-sessions?schoolId=${SECOND.id}`)).toBe(true);
    expect(requests.some((r) => r.url === `/api/academic-sessions/${SECOND_SESSION}/holidays`)).toBe(true);
  });

  it('says so when the sessions cannot be loaded', async () => {
    mockApi({ ...csrf, 'GET /api/settings/academic-sessions': { status: 404, body: { message: 'School not found' } } });
    renderWithProviders(<SuperAdminAcademics />);
    expect(await screen.findByText(/We could not load the sessions/, {}, { timeout: 5000 })).toBeTruthy();
  });
});

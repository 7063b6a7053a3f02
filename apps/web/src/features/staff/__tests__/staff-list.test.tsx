import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as StaffList } from '../routes/staff-list';

const base = { email: null, phone: '08031234567', photoUrl: null, employedOn: '2019-09-02', status: 'active', account: null };
const PAGE = {
  total: 2,
  page: 1,
  pageSize: 10,
  items: [
    {
      ...base,
      id: 'a',
      name: 'Kemi Balogun',
      staffType: 'Teacher',
      email: 'kemi@school.test',
      account: { userId: 'u1', role: 'teacher', status: 'invited' },
      hasRecords: true,
    },
    { ...base, id: 'b', name: 'Musa Ibrahim', staffType: 'Gateman', hasRecords: false },
  ],
};

function setup() {
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    'GET /api/staff': { status: 200, body: PAGE },
    'DELETE /api/staff/a': { status: 200, body: { outcome: 'deactivated', message: 'deactivated' } },
    'DELETE /api/staff/b': { status: 200, body: { outcome: 'deleted', message: 'Staff member deleted' } },
    'POST /api/staff/a/resend-invitation': { status: 200, body: { message: 'Invitation sent to kemi@school.test' } },
  });
  renderWithProviders(<StaffList />, { route: '/admin/academics/staff' });
  return { requests, user: userEvent.setup() };
}

describe('staff list', () => {
  it('shows the staff with role, date and contact, asking the server for one page', async () => {
    const { requests } = setup();
    expect(await screen.findByText('Kemi Balogun')).toBeTruthy();
    expect(screen.getByText('Musa Ibrahim')).toBeTruthy();
    expect(requests[0].url).toBe('/api/staff?page=1&pageSize=10');
  });

  it('says a staff member with records will be deactivated, and deactivates them', async () => {
    const { requests, user } = setup();
    await screen.findByText('Kemi Balogun');
    await user.click(screen.getByRole('button', { name: 'Delete (deactivate) Kemi Balogun' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(/will be deactivated instead/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/staff/a')).toBe(true));
  });

  it('asks before deleting someone without records', async () => {
    const { requests, user } = setup();
    await screen.findByText('Musa Ibrahim');
    await user.click(screen.getByRole('button', { name: 'Delete Musa Ibrahim' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('offers to resend the invitation only to invited staff', async () => {
    const { requests, user } = setup();
    await screen.findByText('Kemi Balogun');
    expect(screen.queryByRole('button', { name: 'Resend invitation to Musa Ibrahim' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resend invitation to Kemi Balogun' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/staff/a/resend-invitation')).toBe(true));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as StaffList } from '../routes/staff-list';

const base = { email: 'kemi@school.test', phone: '08031234567', photoUrl: null, employedOn: '2019-09-02', staffType: 'Teacher', hasRecords: true };
const PAGE = {
  total: 2,
  page: 1,
  pageSize: 10,
  items: [
    { ...base, id: 'a', name: 'Kemi Balogun', status: 'inactive', account: { userId: 'u1', role: 'teacher', status: 'disabled' } },
    { ...base, id: 'b', name: 'Tunde Bello', status: 'active', account: { userId: 'u2', role: 'teacher', status: 'active' } },
  ],
};

describe('re-activating staff', () => {
  it('offers Re-activate only for inactive staff, asks first, and calls the server', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/staff': { status: 200, body: PAGE },
      'POST /api/staff/a/reactivate': { status: 200, body: { message: 'Staff member re-activated' } },
    });
    renderWithProviders(<StaffList />, { route: '/admin/academics/staff' });
    const user = userEvent.setup();
    await screen.findByText('Kemi Balogun');
    expect(screen.queryByRole('button', { name: 'Re-activate Tunde Bello' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Re-activate Kemi Balogun' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Re-activate Kemi Balogun?' });
    expect(within(dialog).getByText(/will be active again and their account enabled/)).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('/reactivate'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Re-activate' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/staff/a/reactivate')).toBe(true));
  });

  it('filters the list by Inactive', async () => {
    const requests = mockApi({ 'GET /api/staff': { status: 200, body: PAGE } });
    renderWithProviders(<StaffList />, { route: '/admin/academics/staff' });
    const user = userEvent.setup();
    await screen.findByText('Kemi Balogun');
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await waitFor(() => expect(requests.some((r) => r.url.includes('status=inactive'))).toBe(true));
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as ImportStaff } from '../routes/import-staff';

const REGISTER = 'https://school.example/auth/register';

const invitation = (over: Record<string, string> = {}) => ({
  name: 'Ngozi Eze',
  email: 'ngozi@school.test',
  role: 'teacher',
  code: '12345678',
  expiresAt: '2026-12-04T10:00:00.000Z',
  ...over,
});

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const requests = mockApi({ 'GET /api/auth/csrf': { status: 200, body: { token: 't' } }, ...routes });
  renderWithProviders(<ImportStaff />, { route: '/admin/academics/import-staff' });
  return { requests, user: userEvent.setup({ applyAccept: false }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('staff invitation slips', () => {
  it('prints the codes of an import as slips when mail is not set up', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = setup({
      'POST /api/staff/import': {
        status: 200,
        body: {
          mode: 'all-or-nothing',
          dryRun: false,
          rows: [
            { line: 2, ok: true, errors: {}, name: 'Ngozi Eze', staffId: 's1', staffType: 'Teacher' },
            { line: 3, ok: true, errors: {}, name: 'Bisi Ade', staffId: 's2', staffType: 'Principal' },
          ],
          imported: 2,
          skipped: 0,
          invitations: {
            registerUrl: REGISTER,
            items: [invitation(), invitation({ name: 'Bisi Ade', email: 'bisi@school.test', role: 'admin', code: '87654321' })],
          },
        },
      },
    });
    await user.upload(screen.getByLabelText('CSV file'), new File(['name\n'], 'staff.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const codes = await screen.findByRole('region', { name: 'Invitation codes' });
    expect(within(codes).getByText('2 invitation codes to hand out')).toBeTruthy();
    expect(within(codes).getByText(/print new slips for staff who have not signed up/)).toBeTruthy();

    await user.click(within(codes).getByRole('button', { name: 'Print slips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print invitation slips' });
    const slips = within(dialog).getByRole('list', { name: 'Invitation slips' });
    const [ngozi, bisi] = within(slips).getAllByRole('listitem');
    expect(within(ngozi).getByText('Ngozi Eze')).toBeTruthy();
    expect(within(ngozi).getByText('Teacher’s account')).toBeTruthy();
    expect(within(ngozi).getByText('ngozi@school.test')).toBeTruthy();
    expect(within(ngozi).getByLabelText('Invitation code 12345678').textContent).toBe('1234 5678');
    expect(within(ngozi).getByText(REGISTER)).toBeTruthy();
    expect(within(bisi).getByText('Administrator’s account')).toBeTruthy();
    expect(within(bisi).getByText('8765 4321')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('issues new codes for the staff not signed up yet and shows their slips, or says there are none', async () => {
    let calls = 0;
    const { user, requests } = setup({
      'POST /api/staff/invitation-slips': () => ({
        status: 200,
        body: { schoolName: 'Bright Future College', registerUrl: REGISTER, items: ++calls === 1 ? [invitation()] : [] },
      }),
    });
    const section = screen.getByRole('region', { name: 'Invitation slips for staff' });
    expect(within(section).getByText(/Their earlier codes stop working/)).toBeTruthy();
    expect(requests.some((r) => r.url.includes('invitation-slips'))).toBe(false);

    await user.click(within(section).getByRole('button', { name: 'Issue codes and print slips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation slips: staff' });
    expect(within(dialog).getByText('1 new code for staff of Bright Future College.')).toBeTruthy();
    const slips = within(dialog).getByRole('list', { name: 'Invitation slips' });
    expect(within(slips).getAllByRole('listitem')).toHaveLength(1);
    expect(within(slips).getByText('Bright Future College')).toBeTruthy();
    expect(within(slips).getByText('1234 5678')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toHaveProperty('disabled', false);
    expect(requests.filter((r) => r.method === 'POST' && r.url.endsWith('/api/staff/invitation-slips'))).toHaveLength(1);
    // the footer's Close (the dialog's × is named Close too)
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Issue codes and print slips' }));
    const empty = await screen.findByRole('dialog', { name: 'Invitation slips: staff' });
    expect(within(empty).getByText('Every staff member with an account has already signed up.')).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'Print' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal', async () => {
    const { user } = setup({
      'POST /api/staff/invitation-slips': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' } },
    });
    const section = screen.getByRole('region', { name: 'Invitation slips for staff' });
    await user.click(within(section).getByRole('button', { name: 'Issue codes and print slips' }));
    expect(await within(section).findByText('You do not have permission to do this')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

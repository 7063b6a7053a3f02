import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdminReferral } from '../routes/admin-referral';

const REFERRER = {
  userId: 'u-1',
  name: 'Funmilayo Adeyemi',
  role: 'teacher',
  email: 'funmi@school.test',
  phone: '08031234567',
  referrals: 3,
  points: 3,
  earnedKobo: 150000,
  latestRequest: {
    id: 'w-1',
    reference: 'WD-ABCDEFGH',
    amountKobo: 100000,
    paymentMode: 'Bank Transfer',
    details: null,
    status: 'pending',
    requestedAt: '2026-03-02T10:00:00.000Z',
    decidedAt: null,
    note: null,
  },
};

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    'GET /api/referrals/summary': { status: 200, body: { totalRequests: 4, pendingRequests: 1, totalReferrals: 7, totalEarnedKobo: 350000 } },
    'GET /api/referrals/campaigns': { status: 200, body: { items: [] } },
    'GET /api/referrals/referrers': { status: 200, body: { items: [REFERRER], total: 1, page: 1, pageSize: 10 } },
    ...extra,
  });
  renderWithProviders(
    <>
      <ToastHost />
      <AdminReferral />
    </>,
    { route: '/admin/settings/referral' },
  );
  return { requests, user: userEvent.setup() };
}

describe('the Referrals screen', () => {
  it('shows the three cards from the server’s figures and each referrer’s fields under their own labels', async () => {
    setup();
    const cards = await screen.findByRole('region', { name: 'Referral figures' });
    await waitFor(() => expect(within(cards).getByText('7')).toBeTruthy());
    expect(within(cards).getByText('Total Request')).toBeTruthy();
    expect(within(cards).getByText('4')).toBeTruthy();
    expect(within(cards).getByText('₦3,500.00')).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Referrers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Photo', 'Name', 'Referrals', 'Points', 'Amount Earned', 'Withdrawal Request', 'Action']);
    const row = (await within(table).findByText('Funmilayo Adeyemi')).closest('[role="row"]') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Referrals, Points, Amount Earned and the request each in its own column
    expect(cells[2]).toBe('3');
    expect(cells[3]).toBe('3');
    expect(cells[4]).toBe('₦1,500.00');
    expect(cells[5]).toContain('₦1,000.00');
    expect(cells[5]).toContain('Pending');
  });

  it('filters by status and sends the search', async () => {
    const { user, requests } = setup();
    await screen.findByRole('table', { name: 'Referrers' });
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await user.type(screen.getByLabelText('Search referrers'), 'funmi');
    await waitFor(() => expect(requests.some((r) => r.url.includes('status=failed') && r.url.includes('search=funmi'))).toBe(true));
    expect(Array.from((screen.getByLabelText('Status') as HTMLSelectElement).options).map((o) => o.value)).toEqual(['all', 'success', 'pending', 'failed']);
  });

  it('Create Referral: Notify and Referral Type say when missing; Publish sends the campaign and confirms after the server', async () => {
    const { user, requests } = setup({
      'POST /api/referrals/campaigns': ({ body }) => ({
        status: 201,
        body: { campaign: { id: 'c-1', code: (body as { referralCode: string }).referralCode, status: 'Active' } },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Referral' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Referral' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Notify is required')).toBeTruthy();
    expect(within(dialog).getByText('Referral type is required')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.includes('/api/referrals/campaigns'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Description'), 'Refer a friend');
    await user.type(within(dialog).getByLabelText('From'), '2026-01-05');
    await user.selectOptions(within(dialog).getByLabelText('Notify'), 'JSS 1');
    await user.selectOptions(within(dialog).getByLabelText('Referral Type'), 'Parents');
    await user.type(within(dialog).getByLabelText('1 point equals'), '500');
    await user.type(within(dialog).getByLabelText('Referral Code'), 'bfa2026');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Referral campaign BFA2026 published.')).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST' && r.url.includes('/api/referrals/campaigns'))!;
    expect(sent.body).toMatchObject({
      description: 'Refer a friend',
      date: '2026-01-05',
      notify: 'JSS 1',
      referralType: 'Parents',
      points: 500,
      referralCode: 'BFA2026',
    });
  });

  it('approves a waiting request only after confirmation', async () => {
    const { user, requests } = setup({
      'POST /api/referrals/withdrawals/w-1/decision': { status: 200, body: { withdrawal: { ...REFERRER.latestRequest, status: 'success' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Funmilayo Adeyemi’s withdrawal' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve ₦1,000.00 for Funmilayo Adeyemi?' });
    expect(requests.some((r) => r.url.includes('/decision'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Funmilayo Adeyemi’s withdrawal was approved.')).toBeTruthy();
    expect(requests.find((r) => r.url.includes('/decision'))!.body).toEqual({ decision: 'approve' });
  });
});

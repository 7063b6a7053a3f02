import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { MyReferralsSection } from '../components/my-referrals-section';

const CAMPAIGN = {
  id: 'c-1',
  description: 'Bring a family',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  referralType: 'Everyone',
  pointValueKobo: 50000,
  status: 'Active',
  myCode: null,
  referrals: 0,
  points: 0,
  earnedKobo: 0,
};

function mine(overrides: Record<string, unknown> = {}) {
  return { campaigns: [CAMPAIGN], points: 2, earnedKobo: 100000, withdrawnKobo: 0, pendingKobo: 0, availableKobo: 100000, withdrawals: [], ...overrides };
}

describe('a referrer’s Referrals section', () => {
  it('shows points and earnings, and gets a personal code on request', async () => {
    let calls = 0;
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/me/referrals': () => ({ status: 200, body: ++calls === 1 ? mine() : mine({ campaigns: [{ ...CAMPAIGN, myCode: 'BFA2026-7KQ2MX' }] }) }),
      'POST /api/me/referrals/campaigns/c-1/code': { status: 200, body: { code: 'BFA2026-7KQ2MX' } },
    });
    renderWithProviders(<MyReferralsSection />);
    const user = userEvent.setup();
    expect((await screen.findAllByText('₦1,000.00', { selector: 'dd' })).length).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Get my referral code' }));
    expect((await screen.findByLabelText('Your referral code')).textContent).toBe('BFA2026-7KQ2MX');
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/api/me/referrals/campaigns/c-1/code'))).toBe(true);
  });

  it('asks for a withdrawal, with the form’s and the server’s messages', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/me/referrals': { status: 200, body: mine() },
      'POST /api/me/referrals/withdrawals': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'You cannot withdraw more than your available earnings',
          errors: { amount: 'You cannot withdraw more than your available earnings' },
        },
      },
    });
    renderWithProviders(<MyReferralsSection />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Request a withdrawal' });
    await user.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
    expect(await within(form).findByText('Amount is required')).toBeTruthy();
    expect(within(form).getByText('Payment mode is required')).toBeTruthy();
    await user.type(within(form).getByLabelText('Amount (₦)'), '2000');
    await user.selectOptions(within(form).getByLabelText('Payment mode'), 'Cash');
    await user.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
    expect(await within(form).findByText('You cannot withdraw more than your available earnings')).toBeTruthy();
  });

  it('says when a request is waiting, and lists past requests with their status', async () => {
    mockApi({
      'GET /api/me/referrals': {
        status: 200,
        body: mine({
          pendingKobo: 50000,
          availableKobo: 50000,
          withdrawals: [
            {
              id: 'w',
              reference: 'WD-AAAABBBB',
              amountKobo: 50000,
              paymentMode: 'Cash',
              details: null,
              status: 'pending',
              requestedAt: '2026-03-02T10:00:00.000Z',
              decidedAt: null,
              note: null,
            },
          ],
        }),
      },
    });
    renderWithProviders(<MyReferralsSection />);
    expect(await screen.findByText('Your withdrawal request is waiting for the school’s approval.')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
  });
});

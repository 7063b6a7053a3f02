import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { FeeGateSection } from '../components/fee-gate-section';
import { StudentResults } from '../components/student-results';

const STUDENT = '6f1c2f0e-1111-4a4a-9b9b-0000000000a1';
const withheld = {
  status: 402,
  body: {
    statusCode: 402,
    error: 'Payment Required',
    message: 'These results are withheld until the school fees are paid: ₦45,000.00 owed.',
    feeGate: { studentId: STUDENT, owedKobo: 4_500_000 },
  },
};

describe('results withheld for unpaid fees', () => {
  it('shows the student what is owed and where to pay', async () => {
    mockApi({ [`GET /api/results/students/${STUDENT}`]: withheld });
    renderWithProviders(<StudentResults studentId={STUDENT} />, { route: `/student/results/${STUDENT}` });
    expect(await screen.findByText('These results are withheld until the school fees are paid: ₦45,000.00 owed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay fees' }).getAttribute('href')).toBe(`/student/fees/${STUDENT}`);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('sends a parent to the child’s fees page', async () => {
    mockApi({ [`GET /api/results/students/${STUDENT}`]: withheld });
    renderWithProviders(<StudentResults studentId={STUDENT} />, { route: `/parent/children/${STUDENT}/results` });
    expect((await screen.findByRole('link', { name: 'Pay fees' })).getAttribute('href')).toBe(`/parent/children/${STUDENT}/fees`);
  });
});

describe('the fee gate setting', () => {
  it('loads, and saves the switch and the amount in kobo', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/results/fee-gate': { status: 200, body: { schoolId: 's', enabled: false, minimumOwedKobo: 0 } },
      'PUT /api/results/fee-gate': ({ body }) => ({ status: 200, body: { schoolId: 's', ...(body as object) } }),
    });
    renderWithProviders(<FeeGateSection />);
    const box = await screen.findByRole('checkbox', { name: 'Withhold results from families who owe fees' });
    const amount = screen.getByRole('textbox', { name: /Amount a family may owe/ });
    expect((amount as HTMLInputElement).disabled).toBe(true);
    await user.click(box);
    await user.clear(amount);
    await user.type(amount, '10,000.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('checkbox', { checked: true });
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ enabled: true, minimumOwedKobo: 1_000_050 });
  });

  it('refuses an amount that is not naira', async () => {
    const user = userEvent.setup();
    const requests = mockApi({ 'GET /api/results/fee-gate': { status: 200, body: { schoolId: 's', enabled: true, minimumOwedKobo: 0 } } });
    renderWithProviders(<FeeGateSection />);
    const amount = await screen.findByRole('textbox', { name: /Amount a family may owe/ });
    await user.clear(amount);
    await user.type(amount, 'ten');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an amount in naira, e.g. 10000 (0 for any amount)')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});

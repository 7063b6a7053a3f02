import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { FeeItemsSection } from '../components/fee-items-section';

const TERM = '6f1c2f0e-1111-4a4a-9b9b-0000000000d2';

describe('fee items', () => {
  it('checks the form with the shared messages and sends naira as typed', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/finance/fee-items': {
        status: 200,
        body: { termId: TERM, items: [{ id: 'f1', termId: TERM, classLevel: 'JSS 1', name: 'Tuition', amountKobo: 6_000_000, acceptance: false }] },
      },
      'POST /api/finance/fee-items': {
        status: 201,
        body: { item: { id: 'f2', termId: TERM, classLevel: 'JSS 2', name: 'PTA', amountKobo: 500_050, acceptance: false } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<FeeItemsSection termId={TERM} />);
    const table = await screen.findByRole('table', { name: 'Fee items' });
    expect(await within(table).findByText('₦60,000.00')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add fee item' });
    await user.click(within(form).getByRole('button', { name: 'Add fee item' }));
    expect(await within(form).findByText('Please Select a Class')).toBeTruthy();
    expect(within(form).getByText('Fee name is required')).toBeTruthy();
    expect(within(form).getByText('Amount is required')).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText('Class'), 'JSS 2');
    await user.type(within(form).getByLabelText('Fee name'), 'PTA');
    await user.type(within(form).getByLabelText('Amount (₦)'), '5,000.5');
    await user.click(within(form).getByRole('button', { name: 'Add fee item' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ termId: TERM, classLevel: 'JSS 2', name: 'PTA', amount: '5000.50', acceptance: false }),
    );
  });
});

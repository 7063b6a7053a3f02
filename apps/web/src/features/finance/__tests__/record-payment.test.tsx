import type { InvoiceSummary } from '@school/shared/finance/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { RecordPaymentModal } from '../components/record-payment-modal';

const invoice: InvoiceSummary = {
  id: '6f1c2f0e-1111-4a4a-9b9b-0000000000f1',
  studentId: 's1',
  studentName: 'Chidera Okonkwo',
  registrationNo: 'GFA/2023/0001',
  classId: 'c1',
  className: 'JSS 1 A',
  termId: 't2',
  termName: 'Second',
  sessionName: '2023/24',
  dueKobo: 7_750_050,
  paidKobo: 0,
  balanceKobo: 7_750_050,
  feeStatus: 'InComplete',
};

const recorded = (paymentMode: string, txnId: string | null) => ({
  status: 201,
  body: {
    payment: {
      id: 'p9',
      invoiceId: invoice.id,
      studentId: 's1',
      name: 'Chidera Okonkwo',
      className: 'JSS 1 A',
      date: '2024-01-15T10:00:00.000Z',
      txnId,
      amountKobo: 7_750_050,
      phone: null,
      paymentMode,
      status: 'Success',
      receiptNo: 'RCP-000013',
      reversesPaymentId: null,
      reversed: false,
      note: null,
      proofUrl: null,
    },
  },
});

function renderForm() {
  const onClose = vi.fn();
  renderWithProviders(<RecordPaymentModal invoice={invoice} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Record payment' });
  return { onClose, dialog };
}

describe('record payment', () => {
  it('offers POS and asks for the terminal reference (RRN) before sending', async () => {
    const requests = mockApi({ 'GET /api/auth/csrf': { status: 200, body: { token: 't' } }, 'POST /api/finance/payments': recorded('POS', '412345678901') });
    const user = userEvent.setup();
    const { dialog, onClose } = renderForm();
    const mode = within(dialog).getByLabelText('Payment mode');
    expect(
      within(mode)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select', 'Cash', 'Bank Transfer', 'POS']);
    await user.selectOptions(mode, 'POS');
    const rrn = within(dialog).getByLabelText('Terminal reference (RRN)');
    expect(rrn.getAttribute('aria-required')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Terminal reference (RRN) is required')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.type(rrn, '412345678901');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.filter((r) => r.method === 'POST' && r.url === '/api/finance/payments')).toHaveLength(1);
  });

  it('records cash without a reference, and still needs one for a bank transfer', async () => {
    const requests = mockApi({ 'GET /api/auth/csrf': { status: 200, body: { token: 't' } }, 'POST /api/finance/payments': recorded('Cash', null) });
    const user = userEvent.setup();
    const { dialog, onClose } = renderForm();
    await user.selectOptions(within(dialog).getByLabelText('Payment mode'), 'Bank Transfer');
    expect(within(dialog).getByLabelText('Reference').getAttribute('aria-required')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Reference is required')).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText('Payment mode'), 'Cash');
    const reference = within(dialog).getByLabelText('Reference (optional)');
    expect(reference.getAttribute('aria-required')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.filter((r) => r.method === 'POST' && r.url === '/api/finance/payments')).toHaveLength(1);
  });
});

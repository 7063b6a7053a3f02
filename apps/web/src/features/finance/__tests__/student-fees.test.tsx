import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as StudentFees } from '../routes/student-fees';

const SID = '6f1c2f0e-1111-4a4a-9b9b-0000000000c1';
const fees = (onlinePayment: boolean) => ({
  student: { id: SID, name: 'Chidera Okonkwo', registrationNo: 'GFA/2023/0001' },
  invoices: [
    {
      id: 'inv-1',
      studentId: SID,
      studentName: 'Chidera Okonkwo',
      registrationNo: 'GFA/2023/0001',
      classId: 'c1',
      className: 'JSS 1 A',
      termId: 't2',
      termName: 'Second',
      sessionName: '2023/24',
      dueKobo: 7_750_050,
      paidKobo: 2_000_000,
      balanceKobo: 5_750_050,
      feeStatus: 'InComplete',
      lines: [
        { id: 'l1', kind: 'fee', description: 'Tuition', amountKobo: 6_000_000, reason: null },
        { id: 'l2', kind: 'fee', description: 'Books', amountKobo: 1_750_050, reason: null },
      ],
      payments: [
        {
          id: 'p1',
          invoiceId: 'inv-1',
          studentId: SID,
          name: 'Chidera Okonkwo',
          className: 'JSS 1 A',
          date: '2024-01-15T10:00:00.000Z',
          txnId: 'TELLER-9',
          amountKobo: 2_000_000,
          phone: null,
          paymentMode: 'Cash',
          status: 'Success',
          receiptNo: 'RCP-000012',
          reversesPaymentId: null,
          reversed: false,
          note: null,
          proofUrl: null,
        },
      ],
    },
  ],
  creditKobo: 0,
  outstandingKobo: 5_750_050,
  onlinePayment,
  school: { name: 'Greenfield Academy', phone: '0801 000 0000', email: 'bursary@greenfield.ng' },
});

function renderPage(route = `/student/fees/${SID}`) {
  return renderWithProviders(
    <Routes>
      <Route path="/student/fees/:id" element={<StudentFees />} />
    </Routes>,
    { route },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('student fees', () => {
  it('shows the invoice with paid, balance, fee status and a receipt, and pays the balance with Paystack', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      [`GET /api/fees/${SID}`]: { status: 200, body: fees(true) },
      'GET /api/fees/receipts/p1': {
        status: 200,
        body: {
          receipt: {
            paymentId: 'p1',
            receiptNo: 'RCP-000012',
            date: '15 January 2024',
            payerName: 'Adaeze Okonkwo',
            studentName: 'Chidera Okonkwo',
            registrationNo: 'GFA/2023/0001',
            className: 'JSS 1 A',
            termName: 'Second',
            sessionName: '2023/24',
            amountKobo: 2_000_000,
            amountInWords: 'Twenty thousand naira',
            paymentMode: 'Cash',
            reference: 'TELLER-9',
            cashier: 'Mr Bursar',
            items: [
              { kind: 'fee', description: 'Tuition', amountKobo: 6_000_000 },
              { kind: 'fee', description: 'Books', amountKobo: 1_750_050 },
            ],
            dueKobo: 7_750_050,
            paidBeforeKobo: 0,
            paidKobo: 2_000_000,
            balanceKobo: 5_750_050,
            feeStatus: 'InComplete',
            school: { name: 'Greenfield Academy', place: 'Ikeja, Lagos', phone: '', email: '', logoUrl: '/api/uploads/logo-1' },
          },
        },
      },
      [`POST /api/fees/${SID}/pay`]: {
        status: 200,
        body: { reference: 'SS-1', authorizationUrl: 'https://checkout.paystack.test/abc', amountKobo: 5_750_050 },
      },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Second Term 2023/24' });
    expect(within(card).getByText('InComplete').getAttribute('data-tone')).toBe('pink');
    expect(within(card).getByTestId('invoice-balance').textContent).toBe('₦57,500.50');
    expect(within(card).getAllByText('₦20,000.00').length).toBeGreaterThan(0);
    await user.click(within(card).getByRole('button', { name: 'View receipt RCP-000012' }));
    const receipt = await screen.findByRole('dialog', { name: 'Receipt RCP-000012' });
    expect(within(receipt).getByText('Chidera Okonkwo (GFA/2023/0001)')).toBeTruthy();
    // the fees itemised, the amount in words, the cashier, the balance after and the school's logo
    expect(within(receipt).getByRole('row', { name: 'Tuition ₦60,000.00' })).toBeTruthy();
    expect(within(receipt).getByRole('row', { name: 'Books ₦17,500.50' })).toBeTruthy();
    expect(within(receipt).getByText('Twenty thousand naira')).toBeTruthy();
    expect(within(receipt).getByText('Mr Bursar')).toBeTruthy();
    expect(within(receipt).getByTestId('receipt-balance').textContent).toBe('₦57,500.50');
    expect(within(receipt).getByRole('img', { name: 'Greenfield Academy logo' }).getAttribute('src')).toBe('/api/uploads/logo-1');
    expect(within(receipt).getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    await user.click(within(receipt).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('fees-outstanding').textContent).toBe('₦57,500.50');

    await user.click(within(card).getByRole('button', { name: 'Pay ₦57,500.50' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText(/Amount to pay/);
    expect((amount as HTMLInputElement).value).toBe('57500.50');
    await user.clear(amount);
    await user.type(amount, '60000');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Paystack' }));
    expect(await within(dialog).findByText('The amount can be at most the balance (₦57,500.50)')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '30,000');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Paystack' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.paystack.test/abc'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ invoiceId: 'inv-1', amount: '30000.00' });
  });

  it('says how to pay when the school has no online payment', async () => {
    mockApi({ [`GET /api/fees/${SID}`]: { status: 200, body: fees(false) } });
    renderPage();
    expect(await screen.findByText(/Online payment is not available for your school yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('verifies the Paystack reference on return', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      [`GET /api/fees/${SID}`]: { status: 200, body: fees(true) },
      'POST /api/fees/paystack/verify': { status: 200, body: { status: 'Success', message: 'Payment of ₦57,500.50 received', receiptNo: 'RCP-000013' } },
    });
    renderPage(`/student/fees/${SID}?trxref=SS-9&reference=SS-9`);
    await waitFor(() => expect(requests.find((r) => r.url === '/api/fees/paystack/verify')?.body).toEqual({ reference: 'SS-9' }));
    expect(requests.filter((r) => r.url === '/api/fees/paystack/verify')).toHaveLength(1);
  });

  it('shows an empty state without invoices', async () => {
    mockApi({ [`GET /api/fees/${SID}`]: { status: 200, body: { ...fees(true), invoices: [], outstandingKobo: 0 } } });
    renderPage();
    expect(await screen.findByText('No invoices yet')).toBeTruthy();
  });
});

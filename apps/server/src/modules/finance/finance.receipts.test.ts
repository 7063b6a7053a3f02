import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { pdfStrings } from '../../test/pdf';
import { billSecondTerm, bola, client, db, invoiceOf, other, setUp, t, tearDown } from './finance.test-kit';

/*
 * Issue 19: cash needs no reference, POS payments with their terminal's RRN, and a receipt with the
 * school's logo, the fees itemised, the amount in words, the cashier and the balance after (ADR 0037).
 */
beforeAll(async () => {
  await setUp();
  // Tuition ₦45,000, PTA ₦5,000.50, Books ₦2,000 for JSS 1; Ada's ₦20,000 cash (TELLER-001)
  await billSecondTerm();
});
afterAll(tearDown);

const paymentsOf = async () => {
  const [{ n }] = await db.select({ n: count() }).from(schema.payments).where(eq(schema.payments.schoolId, t.school.id));
  return n;
};

async function uploadLogo() {
  const admin = await client(t.users.admin.email);
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const response = new Response(form);
  const res = await admin.request({
    method: 'PUT',
    url: `/api/organisation/schools/${t.school.id}/logo`,
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  });
  expect(res.statusCode).toBe(200);
  return res.json().logoUrl as string;
}

describe('recording a payment', () => {
  it('accepts cash without a reference, with a receipt number', async () => {
    const admin = await client(t.users.admin.email);
    const inv = await invoiceOf(bola.id);
    const res = await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '38,750.50', method: 'Cash', reference: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toMatchObject({ paymentMode: 'Cash', txnId: null, amountKobo: 3_875_050, receiptNo: expect.stringMatching(/^RCP-\d{6}$/) });
    // a second one without a reference too: references are unique only when given
    const again = await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '100', method: 'Cash' });
    expect(again.statusCode).toBe(201);
    expect(again.json().payment.receiptNo).not.toBe(res.json().payment.receiptNo);
  });

  it('refuses a bank transfer or POS payment without its reference, writing nothing', async () => {
    const admin = await client(t.users.admin.email);
    const inv = await invoiceOf(bola.id);
    const before = await paymentsOf();
    const transfer = await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '100', method: 'Bank Transfer', reference: ' ' });
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json()).toMatchObject({ message: 'Reference is required', errors: { reference: 'Reference is required' } });
    const pos = await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '100', method: 'POS' });
    expect(pos.statusCode).toBe(400);
    expect(pos.json().errors).toEqual({ reference: 'Terminal reference (RRN) is required' });
    // Card is Paystack's alone
    const card = await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '100', method: 'Card', reference: 'X-1' });
    expect(card.json().errors.method).toBe('Payment mode is required');
    expect(await paymentsOf()).toBe(before);
  });

  it('records a POS payment with its RRN, found by the POS filter', async () => {
    const admin = await client(t.users.admin.email);
    const inv = await invoiceOf(bola.id);
    const res = await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '1000', method: 'POS', reference: '412345678901' });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toMatchObject({ paymentMode: 'POS', txnId: '412345678901', status: 'Success' });
    const list = (await admin.get('/api/finance/payments?method=POS')).json();
    expect(list.items.map((p: { txnId: string }) => p.txnId)).toEqual(['412345678901']);
    const dup = await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '1000', method: 'POS', reference: '412345678901' });
    expect(dup.statusCode).toBe(409);
  });
});

describe('the receipt', () => {
  it('itemises the fees and gives the amount in words, the cashier and the balance after this payment', async () => {
    const admin = await client(t.users.admin.email);
    const cash = (await admin.get('/api/finance/payments?method=Cash&search=Bola')).json().items as Array<{ id: string; amountKobo: number }>;
    const first = cash.find((p) => p.amountKobo === 3_875_050)!;
    const receipt = (await admin.get(`/api/fees/receipts/${first.id}`)).json().receipt;
    expect(receipt).toMatchObject({
      studentName: 'Bola Ade',
      className: 'JSS 1 A',
      amountKobo: 3_875_050,
      amountInWords: 'Thirty-eight thousand, seven hundred and fifty naira, fifty kobo',
      paymentMode: 'Cash',
      reference: null,
      cashier: 'Test admin',
      // the invoice's lines in its order (billed together: by name)
      items: [
        { kind: 'fee', description: 'Books', amountKobo: 200_000 },
        { kind: 'fee', description: 'PTA', amountKobo: 500_050 },
        { kind: 'fee', description: 'Tuition', amountKobo: 4_500_000 },
      ],
      dueKobo: 5_200_050,
      paidBeforeKobo: 0,
      paidKobo: 3_875_050,
      // what remained then, though ₦1,100 more has been paid since
      balanceKobo: 1_325_000,
      feeStatus: 'InComplete',
      school: { logoUrl: null },
    });
    expect((await invoiceOf(bola.id)).balanceKobo).toBe(1_325_000 - 110_000);
    const pos = (await admin.get('/api/finance/payments?method=POS')).json().items[0];
    expect((await admin.get(`/api/fees/receipts/${pos.id}`)).json().receipt).toMatchObject({
      paymentMode: 'POS',
      reference: '412345678901',
      paidBeforeKobo: 3_885_050,
      balanceKobo: 1_215_000,
      amountInWords: 'One thousand naira',
    });
  });

  it('prints the same in the PDF, with the school logo once it has one', async () => {
    const admin = await client(t.users.admin.email);
    const payment = (await admin.get('/api/finance/payments?search=TELLER-001')).json().items[0];
    const plain = await admin.get(`/api/fees/receipts/${payment.id}/pdf`);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
    const text = await pdfStrings(plain.rawPayload);
    expect(text).toEqual(
      expect.arrayContaining([
        'OFFICIAL RECEIPT',
        'Tuition',
        'NGN 45,000.00',
        'PTA',
        'NGN 5,000.50',
        'Books',
        'Total fees',
        'NGN 52,000.50',
        'Amount paid: NGN 20,000.00',
        'Twenty thousand naira',
        'Received by:',
        'Test admin',
        'Balance after this payment',
        'NGN 32,000.50',
        'TELLER-001',
      ]),
    );

    const logoUrl = await uploadLogo();
    expect((await admin.get(`/api/fees/receipts/${payment.id}`)).json().receipt.school.logoUrl).toBe(logoUrl);
    const withLogo = await admin.get(`/api/fees/receipts/${payment.id}/pdf`);
    expect(withLogo.statusCode).toBe(200);
    expect(withLogo.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it("is the family's own: the student sees it, another school's administrator does not", async () => {
    const payment = (await (await client(t.users.admin.email)).get('/api/finance/payments?search=TELLER-001')).json().items[0];
    const student = await client(t.users.student.email);
    expect((await student.get(`/api/fees/receipts/${payment.id}`)).json().receipt).toMatchObject({ cashier: 'Test admin', studentName: 'Ada Obi' });
    const outsider = await client(other.users.admin.email);
    expect((await outsider.get(`/api/fees/receipts/${payment.id}`)).statusCode).toBe(404);
  });
});

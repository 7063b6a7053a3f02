import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createStudent } from '../../test/factories';
import { pdfStrings } from '../../test/pdf';
import { db, t, jss1a, second, bola, client, setUp, tearDown, invoiceOf } from './finance.test-kit';

beforeAll(setUp);
afterAll(tearDown);

describe('fee items and invoices', () => {
  it('checks the fee item form with the shared messages', async () => {
    const admin = await client(t.users.admin.email);
    const res = await admin.post('/api/finance/fee-items', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      termId: 'Please Select a Term',
      classLevel: 'Please Select a Class',
      name: 'Fee name is required',
      amount: 'Amount is required',
    });
    const bad = await admin.post('/api/finance/fee-items', { termId: second.id, classLevel: 'JSS 1', name: 'Tuition', amount: '12.345' });
    expect(bad.json().errors.amount).toBe('Enter an amount in naira, e.g. 15000 or 15000.50');
    const zero = await admin.post('/api/finance/fee-items', { termId: second.id, classLevel: 'JSS 1', name: 'Tuition', amount: '0' });
    expect(zero.json().errors.amount).toBe('Amount must be more than ₦0.00');
  });

  it('adds fee items in kobo and refuses a duplicate name', async () => {
    const admin = await client(t.users.admin.email);
    const tuition = await admin.post('/api/finance/fee-items', { termId: second.id, classLevel: 'JSS 1', name: 'Tuition', amount: '45,000' });
    expect(tuition.statusCode).toBe(201);
    expect(tuition.json().item).toMatchObject({ amountKobo: 4_500_000, classLevel: 'JSS 1' });
    const pta = await admin.post('/api/finance/fee-items', { termId: second.id, classLevel: 'JSS 1', name: 'PTA', amount: '5000.50' });
    expect(pta.json().item.amountKobo).toBe(500_050);
    const dup = await admin.post('/api/finance/fee-items', { termId: second.id, classLevel: 'JSS 1', name: 'tuition', amount: '1' });
    expect(dup.statusCode).toBe(409);
    // a fee item not yet on any invoice can go
    const typo = await admin.post('/api/finance/fee-items', { termId: second.id, classLevel: 'JSS 1', name: 'Tution', amount: '1' });
    const gone = await admin.request({ method: 'DELETE', url: `/api/finance/fee-items/${typo.json().item.id}` });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    const list = await admin.get(`/api/finance/fee-items?termId=${second.id}`);
    expect(list.json().items).toHaveLength(2);
  });

  it('generates invoices twice without duplicates, and adds a later fee item to existing invoices', async () => {
    const admin = await client(t.users.admin.email);
    const first = await admin.post('/api/finance/invoices/generate', { termId: second.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ created: 2, linesAdded: 4 });
    const again = await admin.post('/api/finance/invoices/generate', { termId: second.id });
    expect(again.json()).toEqual({ created: 0, linesAdded: 0 });
    const [{ n }] = await db.select({ n: count() }).from(schema.invoices).where(eq(schema.invoices.schoolId, t.school.id));
    expect(n).toBe(2);
    // Fees: ₦45,000.00 + ₦5,000.50 = ₦50,000.50
    expect((await invoiceOf(t.student.id)).dueKobo).toBe(5_000_050);

    await admin.post('/api/finance/fee-items', { termId: second.id, classLevel: 'JSS 1', name: 'Books', amount: '2000' });
    const third = await admin.post('/api/finance/invoices/generate', { termId: second.id });
    expect(third.json()).toEqual({ created: 0, linesAdded: 2 });
    expect((await invoiceOf(t.student.id)).dueKobo).toBe(5_200_050);
    // a billed fee item can no longer change
    const items = (await admin.get(`/api/finance/fee-items?termId=${second.id}`)).json().items;
    const del = await admin.request({ method: 'DELETE', url: `/api/finance/fee-items/${items[0].id}` });
    expect(del.statusCode).toBe(409);
  });

  it('gives a discount with a reason', async () => {
    const admin = await client(t.users.admin.email);
    const inv = await invoiceOf(bola.id);
    const missing = await admin.post(`/api/finance/invoices/${inv.id}/discounts`, { amount: '2000' });
    expect(missing.json().errors.reason).toBe('Reason is required');
    const ok = await admin.post(`/api/finance/invoices/${inv.id}/discounts`, { amount: '2000', reason: 'Staff child' });
    expect(ok.statusCode).toBe(201);
    expect((await invoiceOf(bola.id)).dueKobo).toBe(5_000_050);
    const detail = (await admin.get(`/api/finance/invoices/${inv.id}`)).json().invoice;
    expect(detail.lines.find((l: { kind: string }) => l.kind === 'discount')).toMatchObject({ amountKobo: -200_000, reason: 'Staff child' });
  });
});

describe('payments', () => {
  it('records a part cash payment with the shared messages, a receipt and a PDF', async () => {
    const admin = await client(t.users.admin.email);
    const inv = await invoiceOf(t.student.id);
    const bad = await admin.post('/api/finance/payments', { invoiceId: inv.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ amount: 'Amount is required', method: 'Payment mode is required', reference: 'Reference is required' });
    const res = await admin.post('/api/finance/payments', {
      invoiceId: inv.id,
      amount: '20,000',
      method: 'Cash',
      reference: 'TELLER-001',
      payerName: 'Mrs Obi',
    });
    expect(res.statusCode).toBe(201);
    const payment = res.json().payment;
    expect(payment).toMatchObject({
      amountKobo: 2_000_000,
      paymentMode: 'Cash',
      status: 'Success',
      txnId: 'TELLER-001',
      receiptNo: expect.stringMatching(/^RCP-\d{6}$/),
    });
    expect(await invoiceOf(t.student.id)).toMatchObject({ paidKobo: 2_000_000, balanceKobo: 3_200_050, feeStatus: 'InComplete' });
    const dup = await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '1', method: 'Cash', reference: 'TELLER-001' });
    expect(dup.statusCode).toBe(409);

    const pdf = await admin.get(`/api/fees/receipts/${payment.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfStrings(pdf.rawPayload)).toContain('Amount paid: NGN 20,000.00');
    // the student sees their own receipt
    const student = await client(t.users.student.email);
    expect((await student.get(`/api/fees/receipts/${payment.id}`)).json().receipt).toMatchObject({ amountKobo: 2_000_000, balanceKobo: 3_200_050 });
  });

  it('keeps the balance right under concurrent payments on one invoice', async () => {
    const admin = await client(t.users.admin.email);
    const inv = await invoiceOf(bola.id);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '1000.25', method: 'Bank Transfer', reference: `TRF-C-${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.json().payment.receiptNo)).size).toBe(8);
    expect(await invoiceOf(bola.id)).toMatchObject({ paidKobo: 800_200, balanceKobo: 5_000_050 - 800_200 });
  });

  it('reverses a wrong payment with a new entry, once, and audits it', async () => {
    const admin = await client(t.users.admin.email);
    const inv = await invoiceOf(bola.id);
    const wrong = (await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '9999', method: 'Cash', reference: 'WRONG-1' })).json().payment;
    const reason = await admin.post(`/api/finance/payments/${wrong.id}/reverse`, {});
    expect(reason.json().errors.reason).toBe('Reason is required');
    const rev = await admin.post(`/api/finance/payments/${wrong.id}/reverse`, { reason: 'Typed on the wrong invoice' });
    expect(rev.statusCode).toBe(201);
    expect(rev.json().payment).toMatchObject({ amountKobo: -999_900, reversesPaymentId: wrong.id });
    expect((await admin.post(`/api/finance/payments/${wrong.id}/reverse`, { reason: 'again' })).statusCode).toBe(409);
    expect((await invoiceOf(bola.id)).paidKobo).toBe(800_200);
    const list = (await admin.get(`/api/finance/payments?search=WRONG-1`)).json();
    expect(list.items[0]).toMatchObject({ id: wrong.id, reversed: true });
    const [entry] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'finance.payment_reversed'), eq(schema.auditLog.entityId, wrong.id)));
    expect(entry).toBeTruthy();
  });

  it('filters the payments table', async () => {
    const admin = await client(t.users.admin.email);
    const cash = (await admin.get('/api/finance/payments?method=Cash&status=Success&pageSize=50')).json();
    expect(cash.items.every((p: { paymentMode: string }) => p.paymentMode === 'Cash')).toBe(true);
    expect(cash.items.find((p: { txnId: string }) => p.txnId === 'TELLER-001')).toMatchObject({ name: 'Ada Obi', phone: '08031234567' });
    const transfer = (await admin.get('/api/finance/payments?method=Bank%20Transfer&pageSize=5')).json();
    expect(transfer.total).toBe(8);
    expect(transfer.items).toHaveLength(5);
  });

  it('keeps an overpayment as credit', async () => {
    const admin = await client(t.users.admin.email);
    const student2 = await createStudent(db, t, { registrationNo: 'REG-C', firstName: 'Chi', lastName: 'Eze', gender: 'female', classId: jss1a.id });
    await admin.post('/api/finance/invoices/generate', { termId: second.id });
    const inv = await invoiceOf(student2.id);
    await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '60000', method: 'Bank Transfer', reference: 'OVER-1' });
    expect(await invoiceOf(student2.id)).toMatchObject({ balanceKobo: 5_200_050 - 6_000_000, feeStatus: 'Complete' });
    const fees = (await admin.get(`/api/fees/${student2.id}`)).json();
    expect(fees.creditKobo).toBe(799_950);
    expect(fees.outstandingKobo).toBe(0);
  });

  it('totals expected, collected and outstanding per class, lists debtors as CSV and mails reminders', async () => {
    const admin = await client(t.users.admin.email);
    const s = (await admin.get(`/api/finance/summary?termId=${second.id}`)).json().summary;
    // Ada 5,200,050 + Bola 5,000,050 + Chi 5,200,050 expected; paid 2,000,000 + 800,200 + 6,000,000
    expect(s).toMatchObject({ expectedKobo: 15_400_150, collectedKobo: 8_800_200, outstandingKobo: 3_200_050 + 4_199_850, complete: 1, incomplete: 2 });
    expect(s.classes[0]).toMatchObject({ className: 'JSS 1 A', invoices: 3 });
    const csv = await admin.get(`/api/finance/debtors.csv?termId=${second.id}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Ada Obi');
    expect(csv.body).toContain('32000.50');
    expect(csv.body).not.toContain('Chi Eze');
    const sent = await admin.post('/api/finance/reminders', { termId: second.id });
    expect(sent.json()).toMatchObject({ debtors: 2, sent: 1, withoutEmail: 1 });
    const mails = (await admin.get('/api/dev/outbox')).json();
    const items = Array.isArray(mails) ? mails : (mails.items ?? mails.messages);
    expect(items.some((m: { to: string; body: string }) => m.to === 'mrs.obi@mail.ng' && m.body.includes('₦32,000.50'))).toBe(true);
  });

  it("answers 404 'Term not found' for a termId that is not an id; the classes list takes it as the current term", async () => {
    const admin = await client(t.users.admin.email);
    for (const url of ['/api/finance/fee-items?termId=second', '/api/finance/summary?termId=second']) {
      const res = await admin.get(url);
      expect([res.statusCode, res.json().message], url).toEqual([404, 'Term not found']);
    }
    expect((await admin.get('/api/finance/classes?termId=second')).json()).toEqual((await admin.get('/api/finance/classes')).json());
  });
});

describe('fee status elsewhere', () => {
  it('is what the students list shows and filters by (finance callers only)', async () => {
    const admin = await client(t.users.admin.email);
    const all = (await admin.get('/api/students?pageSize=50')).json().items as Array<{ name: string; feeStatus: string | null }>;
    expect(Object.fromEntries(all.map((s) => [s.name, s.feeStatus]))).toEqual({ 'Ada Obi': 'InComplete', 'Bola Ade': 'InComplete', 'Chi Eze': 'Complete' });
    const complete = (await admin.get('/api/students?feeStatus=complete')).json().items as Array<{ name: string }>;
    expect(complete.map((s) => s.name)).toEqual(['Chi Eze']);
    const incomplete = (await admin.get('/api/students?feeStatus=incomplete')).json();
    expect(incomplete.total).toBe(2);
    expect((await admin.get('/api/students.csv?feeStatus=complete')).body).toContain('Chi Eze');
  });

  it('gives the super-admin dashboard the fees collected per school and in all', async () => {
    const sup = await client(t.users.super_admin.email);
    const body = (await sup.get('/api/organisation/overview')).json();
    // 20,000 + 8 × 1,000.25 + 60,000 (the reversed 9,999 nets out)
    expect(body.schools[0].feesCollectedKobo).toBe(2_000_000 + 800_200 + 6_000_000);
    expect(body.totals.feesCollectedKobo).toBe(8_800_200);
  });
});

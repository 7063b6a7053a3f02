import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { type FakePaystack, startFakePaystack } from '../../test/fake-paystack';
import { createClass, createEnrolment, createStudent, termOf } from '../../test/factories';
import { pdfStrings } from '../../test/pdf';
import { createTenant, freshDatabase, TestClient } from '../../test/test-app';
import { signatureOf } from './paystack.client';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

let app: FastifyInstance;
let db: Db;
let fake: FakePaystack;
let t: Tenant;
let other: Tenant;
let jss1a: typeof schema.classes.$inferSelect;
let second: typeof schema.terms.$inferSelect;
let third: typeof schema.terms.$inferSelect;
let bola: typeof schema.students.$inferSelect;
const SECRET = 'sk_test_4f1b2c3d4e5f60718293a4b5c6d7e8f9abcd';
const PUBLIC = 'pk_test_0a1b2c3d4e5f60718293a4b5c6d7e8f9ef01';
let uploadsDir: string;

const clients = new Map<string, TestClient>();
async function client(email: string) {
  let c = clients.get(email);
  if (!c) {
    c = new TestClient(app);
    await c.login(email);
    clients.set(email, c);
  }
  return c;
}

beforeAll(async () => {
  fake = await startFakePaystack();
  const database = await freshDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-uploads-'));
  app = await buildApp({
    database,
    serveWeb: false,
    config: { logLevel: 'silent', exposeOutbox: true, loginIpLimit: 10_000, uploadsDir, paystackBaseUrl: fake.url, secretsKey: 'a'.repeat(64) },
  });
  await app.ready();
  db = app.db;
  t = await createTenant(db);
  other = await createTenant(db);
  jss1a = await createClass(db, t, { level: 'JSS 1', arm: 'A' });
  await createEnrolment(db, t, { studentId: t.student.id, classId: jss1a.id });
  bola = await createStudent(db, t, { registrationNo: 'REG-BOLA', firstName: 'Bola', lastName: 'Ade', gender: 'male', classId: jss1a.id });
  await db.update(schema.guardians).set({ email: 'mrs.obi@mail.ng', phone: '08031234567' }).where(eq(schema.guardians.id, t.guardian.id));
  second = await termOf(db, t, 'Second');
  third = await termOf(db, t, 'Third');
});

afterAll(async () => {
  await app?.close();
  await fake?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

async function invoiceOf(studentId: string, termId = second.id) {
  const admin = await client(t.users.admin.email);
  const res = await admin.get(`/api/finance/invoices?termId=${termId}`);
  return (res.json().items as Array<{ id: string; studentId: string; dueKobo: number; paidKobo: number; balanceKobo: number; feeStatus: string }>).find(
    (i) => i.studentId === studentId,
  )!;
}

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
      .where(and(eq(schema.auditLog.action, 'finance.payment_reversed'), eq(schema.auditLog.entityId, wrong.id)));
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

describe('payment keys', () => {
  it('needs both keys with the spec messages, stores the secret encrypted and shows it masked', async () => {
    const sup = await client(t.users.super_admin.email);
    const empty = await sup.put('/api/settings/payment', { secretKey: ' ', publicKey: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ secretKey: 'Secret key is required', publicKey: 'Public key is required' });
    const before = (await (await client(t.users.student.email)).get(`/api/fees/${t.student.id}`)).json();
    expect(before.onlinePayment).toBe(false);
    const res = await sup.put('/api/settings/payment', { secretKey: SECRET, publicKey: PUBLIC });
    expect(res.statusCode).toBe(200);
    expect(res.json().keys).toMatchObject({ configured: true, publicKey: PUBLIC, secretKeyMasked: '••••••••abcd' });
    const got = await sup.get('/api/settings/payment');
    expect(got.body).not.toContain(SECRET);
    const [row] = await db.select().from(schema.organisationPaymentKeys).where(eq(schema.organisationPaymentKeys.organisationId, t.organisation.id));
    expect(row.secretKeyEncrypted).not.toContain(SECRET.slice(8));
    const audits = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'settings.payment_keys_saved'));
    expect(JSON.stringify(audits)).not.toContain(SECRET);
    // an administrator (not the organisation's) cannot read them; a teacher has no settings right
    expect((await (await client(t.users.admin.email)).get('/api/settings/payment')).statusCode).toBe(403);
    expect((await (await client(t.users.teacher.email)).get('/api/settings/payment')).statusCode).toBe(403);
  });
});

describe('Paystack', () => {
  async function start(studentEmail = t.users.student.email, amount?: string) {
    const student = await client(studentEmail);
    const inv = await invoiceOf(t.student.id);
    const res = await student.post(`/api/fees/${t.student.id}/pay`, { invoiceId: inv.id, ...(amount ? { amount } : {}) });
    return { student, inv, res };
  }

  function webhook(body: string, signature: string) {
    return app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
  }

  it('refuses more than the balance', async () => {
    const { res } = await start(undefined, '999999');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.amount).toBe('The amount can be at most the balance (₦32,000.50)');
  });

  it('refuses a webhook with a bad signature, applies a good one once, and ignores replays', async () => {
    const { res, inv } = await start(undefined, '10000');
    expect(res.statusCode).toBe(200);
    const { reference, authorizationUrl } = res.json();
    expect(authorizationUrl.startsWith(`${fake.url}/checkout/`)).toBe(true);
    expect(fake.transactions.get(reference)).toMatchObject({ amount: 1_000_000, email: t.users.student.email });
    expect(fake.transactions.get(reference)!.callbackUrl).toMatch(new RegExp(`/student/fees/${t.student.id}$`));

    const { body, signature } = await fake.pay(reference, { deliver: false });
    const bad = await webhook(body, signatureOf('sk_test_wrong', body));
    expect(bad.statusCode).toBe(401);
    const none = await app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', payload: body, headers: { 'content-type': 'application/json' } });
    expect(none.statusCode).toBe(401);
    // the body changed after signing (amount tampered): refused
    const tampered = body.replace('"amount":1000000', '"amount":1');
    expect(tampered).not.toBe(body);
    expect((await webhook(tampered, signature)).statusCode).toBe(401);
    // an unknown reference changes nothing
    const unknown = JSON.stringify({ event: 'charge.success', data: { reference: 'NOT-OURS', amount: 100, currency: 'NGN', status: 'success' } });
    expect((await webhook(unknown, signatureOf(SECRET, unknown))).json()).toEqual({ received: true });
    expect((await invoiceOf(t.student.id)).paidKobo).toBe(2_000_000);

    const ok = await webhook(body, signature);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ outcome: 'applied' });
    expect(await invoiceOf(t.student.id)).toMatchObject({ paidKobo: 3_000_000, balanceKobo: 2_200_050 });
    const [paid] = await db.select().from(schema.payments).where(eq(schema.payments.reference, reference));
    expect(paid).toMatchObject({ status: 'Success', method: 'Card' });

    const replay = await webhook(body, signature);
    expect(replay.json()).toMatchObject({ outcome: 'already-applied' });
    const student = await client(t.users.student.email);
    const verify = await student.post('/api/fees/paystack/verify', { reference });
    expect(verify.json()).toMatchObject({ status: 'Success', receiptNo: `RCP-${String(paid.receiptNo).padStart(6, '0')}` });
    expect(await invoiceOf(t.student.id)).toMatchObject({ paidKobo: 3_000_000 });
    const [again] = await db.select().from(schema.payments).where(eq(schema.payments.reference, reference));
    expect(again.receiptNo).toBe(paid.receiptNo);
    expect(inv.id).toBe(again.invoiceId);
  });

  it('refuses an amount that differs from what was asked', async () => {
    const { res } = await start(undefined, '500');
    const { reference } = res.json();
    fake.reportAmountOverride = 100;
    try {
      await fake.pay(reference, { deliver: false });
      const student = await client(t.users.student.email);
      const verify = await student.post('/api/fees/paystack/verify', { reference });
      expect(verify.statusCode).toBe(400);
    } finally {
      fake.reportAmountOverride = null;
    }
    const [row] = await db.select().from(schema.payments).where(eq(schema.payments.reference, reference));
    expect(row.status).toBe('Failed');
    expect((await invoiceOf(t.student.id)).paidKobo).toBe(3_000_000);
  });

  it('pays the rest on return (verify) and the invoice turns Complete; a parent pays too', async () => {
    const { res } = await start();
    const { reference, amountKobo } = res.json();
    expect(amountKobo).toBe(2_200_050);
    await fake.pay(reference, { deliver: false });
    const student = await client(t.users.student.email);
    const verify = await student.post('/api/fees/paystack/verify', { reference });
    expect(verify.json()).toMatchObject({ status: 'Success' });
    expect(await invoiceOf(t.student.id)).toMatchObject({ balanceKobo: 0, feeStatus: 'Complete' });
    const paid = await student.post(`/api/fees/${t.student.id}/pay`, { invoiceId: (await invoiceOf(t.student.id)).id });
    expect(paid.statusCode).toBe(409);
    const parent = await client(t.users.parent.email);
    const fees = (await parent.get(`/api/fees/${t.student.id}`)).json();
    expect(fees.invoices[0]).toMatchObject({ feeStatus: 'Complete', balanceKobo: 0 });
    expect(fees.invoices[0].payments.some((p: { paymentMode: string; status: string }) => p.paymentMode === 'Card' && p.status === 'Success')).toBe(true);
  });
});

describe('admissions payment status', () => {
  it('turns Complete when the acceptance fee is paid', async () => {
    const admin = await client(t.users.admin.email);
    const s = await createStudent(db, t, { registrationNo: 'REG-NEW', firstName: 'Dayo', lastName: 'Femi', gender: 'male', classId: jss1a.id });
    const [application] = await db
      .insert(schema.admissionApplications)
      .values({
        schoolId: t.school.id,
        registrationNo: 'REG-NEW',
        status: 'Accepted',
        guardianEmail: 'femi@mail.ng',
        guardianPhone: '08030000000',
        guardianAddress: 'Ikeja',
        relationship: 'father',
        name: 'Dayo Femi',
        gender: 'male',
        dateOfBirth: '2012-01-01',
        phone: '08030000001',
        stateOfOrigin: 'Lagos',
        prevEducation: 'Primary',
        institution: 'X',
        institutionAddress: 'Y',
        attendedClasses: 'Primary 6',
        institutionContactName: 'Z',
        institutionContactPhone: '08030000002',
        classLevel: 'JSS 1',
        studentId: s.id,
        classId: jss1a.id,
        academicSessionId: t.session.id,
      })
      .returning();
    await admin.post('/api/finance/fee-items', { termId: third.id, classLevel: 'JSS 1', name: 'Acceptance fee', amount: '10000', acceptance: true });
    await admin.post('/api/finance/fee-items', { termId: third.id, classLevel: 'JSS 1', name: 'Tuition', amount: '40000' });
    await admin.post('/api/finance/invoices/generate', { termId: third.id });
    // only the admitted applicant is billed the acceptance fee
    expect((await invoiceOf(s.id, third.id)).dueKobo).toBe(5_000_000);
    expect((await invoiceOf(bola.id, third.id)).dueKobo).toBe(4_000_000);
    const inv = await invoiceOf(s.id, third.id);
    await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '5000', method: 'Cash', reference: 'ACC-1' });
    const status = async () =>
      (await db.select().from(schema.admissionApplications).where(eq(schema.admissionApplications.id, application.id)))[0].paymentStatus;
    expect(await status()).toBe('InComplete');
    const p = (await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '5000', method: 'Cash', reference: 'ACC-2' })).json().payment;
    expect(await status()).toBe('Complete');
    await admin.post(`/api/finance/payments/${p.id}/reverse`, { reason: 'Cheque bounced' });
    expect(await status()).toBe('InComplete');
  });
});

describe('access', () => {
  it('lets a parent pay online but never keep the books: recording payments, fee items and invoices are the bursary’s', async () => {
    const parent = await client(t.users.parent.email);
    const own = await invoiceOf(t.student.id);
    const another = await invoiceOf(bola.id);
    const paymentsBefore = await db.select({ n: count() }).from(schema.payments).where(eq(schema.payments.schoolId, t.school.id));
    for (const invoiceId of [own.id, another.id]) {
      const res = await parent.post('/api/finance/payments', { invoiceId, amount: '999999', method: 'Cash', reference: 'DAD-1' });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await parent.post('/api/finance/fee-items', { level: 'JSS 1', termId: second.id, name: 'Free money', amount: '1' })).statusCode).toBe(403);
    expect((await parent.post('/api/finance/invoices/generate', { termId: second.id })).statusCode).toBe(403);
    expect((await parent.get('/api/finance/invoices')).statusCode).toBe(403);
    expect((await db.select({ n: count() }).from(schema.payments).where(eq(schema.payments.schoolId, t.school.id)))[0].n).toBe(paymentsBefore[0].n);
    expect((await invoiceOf(t.student.id)).balanceKobo).toBe(own.balanceKobo);
    // what a parent may do with fees stays: their child's invoices, and starting a payment of them
    expect((await parent.get(`/api/fees/${t.student.id}`)).statusCode).toBe(200);
    expect((await parent.get(`/api/fees/${bola.id}`)).statusCode).toBe(404);
    expect((await parent.post(`/api/fees/${t.student.id}/pay`, { invoiceId: own.id })).statusCode).not.toBe(403);
  });

  it('answers 401 signed out, 403 without the right, 404 across schools', async () => {
    const anon = new TestClient(app);
    expect((await anon.get('/api/finance/invoices')).statusCode).toBe(401);
    expect((await anon.get(`/api/fees/${t.student.id}`)).statusCode).toBe(401);
    const teacher = await client(t.users.teacher.email);
    expect((await teacher.get('/api/finance/invoices')).statusCode).toBe(403);
    expect((await teacher.get(`/api/fees/${t.student.id}`)).statusCode).toBe(403);
    const student = await client(t.users.student.email);
    expect((await student.get('/api/finance/payments')).statusCode).toBe(403);
    expect((await student.post('/api/finance/payments', {})).statusCode).toBe(403);
    expect((await student.get(`/api/fees/${bola.id}`)).statusCode).toBe(404);

    const otherAdmin = await client(other.users.admin.email);
    const inv = await invoiceOf(t.student.id);
    expect((await otherAdmin.get(`/api/finance/invoices/${inv.id}`)).statusCode).toBe(404);
    expect((await otherAdmin.get(`/api/fees/${t.student.id}`)).statusCode).toBe(404);
    expect((await otherAdmin.post('/api/finance/payments', { invoiceId: inv.id, amount: '1', method: 'Cash', reference: 'X-1' })).statusCode).toBe(404);
    expect((await otherAdmin.post(`/api/finance/invoices/${inv.id}/discounts`, { amount: '1', reason: 'x' })).statusCode).toBe(404);
    const payment = (await db.select().from(schema.payments).where(eq(schema.payments.schoolId, t.school.id)))[0];
    expect((await otherAdmin.post(`/api/finance/payments/${payment.id}/reverse`, { reason: 'x' })).statusCode).toBe(404);
    expect((await otherAdmin.get(`/api/fees/receipts/${payment.id}/pdf`)).statusCode).toBe(404);
    expect((await otherAdmin.post('/api/finance/invoices/generate', { termId: second.id })).statusCode).toBe(404);
    const otherParent = await client(other.users.parent.email);
    expect((await otherParent.get(`/api/fees/${t.student.id}`)).statusCode).toBe(404);
    // another organisation's super administrator has no keys and cannot start payments for this school
    const otherStudent = await client(other.users.student.email);
    expect((await otherStudent.post(`/api/fees/${t.student.id}/pay`, { invoiceId: inv.id })).statusCode).toBe(404);
  });

  it('refuses an online payment when the organisation has no keys', async () => {
    const admin = await client(other.users.admin.email);
    const c = await createClass(db, other, { level: 'JSS 2', arm: 'A' });
    await createEnrolment(db, other, { studentId: other.student.id, classId: c.id });
    const term = await termOf(db, other, 'Second');
    await admin.post('/api/finance/fee-items', { termId: term.id, classLevel: 'JSS 2', name: 'Tuition', amount: '1000' });
    await admin.post('/api/finance/invoices/generate', { termId: term.id });
    const student = await client(other.users.student.email);
    const fees = (await student.get(`/api/fees/${other.student.id}`)).json();
    expect(fees.onlinePayment).toBe(false);
    const res = await student.post(`/api/fees/${other.student.id}/pay`, { invoiceId: fees.invoices[0].id });
    expect(res.statusCode).toBe(409);
  });
});

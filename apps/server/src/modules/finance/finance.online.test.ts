import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createEnrolment, createStudent, termOf } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { signatureOf } from './paystack.client';
import { app, db, fake, t, other, jss1a, second, third, bola, SECRET, PUBLIC, client, setUp, tearDown, invoiceOf, billSecondTerm } from './finance.test-kit';

beforeAll(async () => {
  await setUp();
  await billSecondTerm();
});
afterAll(tearDown);

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
    const audits = await db
      .select()
      .from(schema.organisationAuditLog)
      .where(and(eq(schema.organisationAuditLog.organisationId, t.organisation.id), eq(schema.organisationAuditLog.action, 'settings.payment_keys_saved')));
    expect(audits).toHaveLength(1);
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
    const [paid] = await db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.schoolId, t.school.id), eq(schema.payments.reference, reference)));
    expect(paid).toMatchObject({ status: 'Success', method: 'Card' });

    const replay = await webhook(body, signature);
    expect(replay.json()).toMatchObject({ outcome: 'already-applied' });
    const student = await client(t.users.student.email);
    const verify = await student.post('/api/fees/paystack/verify', { reference });
    expect(verify.json()).toMatchObject({ status: 'Success', receiptNo: `RCP-${String(paid.receiptNo).padStart(6, '0')}` });
    expect(await invoiceOf(t.student.id)).toMatchObject({ paidKobo: 3_000_000 });
    const [again] = await db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.schoolId, t.school.id), eq(schema.payments.reference, reference)));
    expect(again.receiptNo).toBe(paid.receiptNo);
    expect(inv.id).toBe(again.invoiceId);
    // the receipt names Paystack as its cashier
    const receipt = (await student.get(`/api/fees/receipts/${paid.id}`)).json().receipt;
    expect(receipt).toMatchObject({ paymentMode: 'Card', cashier: 'Paid online (Paystack)', amountInWords: 'Ten thousand naira', balanceKobo: 2_200_050 });
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
    const [row] = await db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.schoolId, t.school.id), eq(schema.payments.reference, reference)));
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
      (
        await db
          .select()
          .from(schema.admissionApplications)
          .where(and(eq(schema.admissionApplications.schoolId, t.school.id), eq(schema.admissionApplications.id, application.id)))
      )[0].paymentStatus;
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

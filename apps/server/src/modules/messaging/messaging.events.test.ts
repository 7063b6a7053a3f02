import { smsType } from '@school/shared/messaging/units';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createGuardian, createStaff, createStudent, createSubject, termOf } from '../../test/factories';
import { type FakePaystack, startFakePaystack } from '../../test/fake-paystack';
import { type FakeTermii, startFakeTermii } from '../../test/fake-termii';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

/*
 * Issue 20: the events besides absences that reach families and staff by SMS (ADR 0039): results
 * published, fee reminders, payment receipts, invitation codes, password reset links and noticeboard
 * posts marked "also send as SMS". Each is queued with its event, sent once by the worker through a
 * local Termii, and kept (not sent) where the school has no gateway key.
 */

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Term = typeof schema.terms.$inferSelect;

const ORIGIN = 'https://portal.school.test';
const SECRET = 'sk_test_4f1b2c3d4e5f60718293a4b5c6d7e8f9abcd';
const PUBLIC = 'pk_test_0a1b2c3d4e5f60718293a4b5c6d7e8f9ef01';
/** Ada's mother, as the school wrote her number */
const ADA_MOTHER = '0803 123 4567';
const BOLA_FATHER = '0706 000 1111';

let app: FastifyInstance;
let fake: FakeTermii;
let paystack: FakePaystack;

/** A school with a class (Ada with her mother's phone, Bola without scores), a subject, and the second term billed. */
interface World {
  t: Tenant;
  admin: TestClient;
  owner: TestClient;
  classId: string;
  bolaId: string;
  first: Term;
  second: Term;
}

let counter = 0;
const email = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}@example.test`;
const ok = (res: { statusCode: number; body: string }, status = 200) => expect(res.statusCode, res.body).toBe(status);

async function signedIn(address: string) {
  const client = new TestClient(app);
  await client.login(address);
  return client;
}

async function buildWorld(withGateway: boolean): Promise<World> {
  const t = await createTenant(app.db);
  const admin = await signedIn(t.users.admin.email);
  const owner = await signedIn(t.users.super_admin.email);
  const classId = (await createClass(app.db, t, { level: 'JSS 1', arm: 'A' })).id;
  await createEnrolment(app.db, t, { studentId: t.student.id, classId });
  await app.db
    .update(schema.guardians)
    .set({ phone: ADA_MOTHER })
    .where(and(eq(schema.guardians.schoolId, t.school.id), eq(schema.guardians.id, t.guardian.id)));
  const bola = await createStudent(app.db, t, { registrationNo: `REG-BOLA-${++counter}`, firstName: 'Bola', lastName: 'Ade', classId });
  await createGuardian(app.db, t, { name: 'Mr Ade', relationship: 'father', phone: BOLA_FATHER, studentId: bola.id });
  const maths = await createSubject(app.db, t, { name: 'Mathematics', code: 'MTH' });
  await createClassSubject(app.db, t, { classId, subjectId: maths.id });
  const first = await termOf(app.db, t, 'First');
  const second = await termOf(app.db, t, 'Second');
  // Ada has a score this first term; Bola none
  await app.db
    .insert(schema.scores)
    .values({ schoolId: t.school.id, studentId: t.student.id, subjectId: maths.id, termId: first.id, test1: 8, test2: 9, assignment: 7, exam: 52 });
  ok(await admin.post('/api/finance/fee-items', { termId: second.id, classLevel: 'JSS 1', name: 'Tuition', amount: '45,000' }), 201);
  ok(await admin.post('/api/finance/invoices/generate', { termId: second.id }));
  if (withGateway) ok(await owner.put('/api/messaging/settings', { apiKey: fake.apiKey, senderId: 'GreenField' }));
  return { t, admin, owner, classId, bolaId: bola.id, first, second };
}

async function messagesOf(schoolId: string, event: string) {
  return app.db
    .select()
    .from(schema.messages)
    .where(and(eq(schema.messages.schoolId, schoolId), eq(schema.messages.event, event)))
    .orderBy(schema.messages.createdAt);
}

/** What the phones received since the last reset: [to, text]. */
const received = () => fake.sent.map((m) => [m.to, m.sms] as const);

async function invoiceOf(w: World, studentId: string) {
  const res = await w.admin.get(`/api/finance/invoices?termId=${w.second.id}`);
  return (res.json().items as Array<{ id: string; studentId: string; balanceKobo: number }>).find((i) => i.studentId === studentId)!;
}

async function mailTo(w: World, address: string) {
  return (await w.owner.get(`/api/dev/outbox?to=${encodeURIComponent(address)}`)).json().items as Array<{ body: string }>;
}

const publish = (w: World, action: 'publish' | 'unpublish' | 'republish' = 'publish') =>
  w.admin.post(`/api/records/results/${action}`, { termId: w.first.id, classId: w.classId });

let w: World;

beforeAll(async () => {
  fake = await startFakeTermii();
  paystack = await startFakePaystack();
  app = await createTestApp({ termiiBaseUrl: fake.url, paystackBaseUrl: paystack.url, publicUrl: ORIGIN, secretsKey: 'a'.repeat(64), loginIpLimit: 10_000 });
  w = await buildWorld(true);
});

afterAll(async () => {
  await app?.close();
  await fake?.close();
  await paystack?.close();
});

beforeEach(() => fake.reset());

describe('results published', () => {
  it('texts each published student’s guardians once, in one batch, with the link to the child’s results', async () => {
    ok(await publish(w));
    await app.messageWorker.runOnce();
    // Bola has no score, so nothing is published of his
    expect(received()).toEqual([
      ['2348031234567', `${w.t.school.name}: Ada Obi's First term results are published. View them at ${ORIGIN}/parent/children/${w.t.student.id}/results`],
    ]);
    expect(fake.sent[0].type).toBe('plain');
    const [message] = await messagesOf(w.t.school.id, 'results');
    expect(message).toMatchObject({ status: 'sent', dedupeKey: `results:${w.first.id}:${w.t.student.id}:${w.t.guardian.id}` });
    expect(message.batchId).toBeTruthy();
    // the log follows the publication by its batch
    const batch = (await w.admin.get(`/api/messages?batchId=${message.batchId}`)).json();
    expect(batch.items.map((m: { to: string; status: string }) => [m.to, m.status])).toEqual([['+2348031234567', 'sent']]);

    // withdrawn, published again and re-published: no second message
    fake.reset();
    ok(await publish(w, 'unpublish'));
    ok(await publish(w));
    ok(await publish(w, 'republish'));
    await app.messageWorker.runOnce();
    expect(fake.requests).toEqual([]);
    expect(await messagesOf(w.t.school.id, 'results')).toHaveLength(1);
  });
});

describe('results published while the fee gate withholds them', () => {
  it('tells a family that owes that the results open once the fees are paid, and where to pay; a family that paid gets the link', async () => {
    const g = await buildWorld(true);
    ok(await g.admin.put('/api/results/fee-gate', { enabled: true, minimumOwedKobo: 1_000_000 }));
    // Bola has a score too this time, and his fees are paid; Ada still owes N45,000
    const [maths] = await app.db.select().from(schema.subjects).where(eq(schema.subjects.schoolId, g.t.school.id));
    await app.db
      .insert(schema.scores)
      .values({ schoolId: g.t.school.id, studentId: g.bolaId, subjectId: maths.id, termId: g.first.id, test1: 7, test2: 7, assignment: 7, exam: 40 });
    ok(
      await g.admin.post('/api/finance/payments', { invoiceId: (await invoiceOf(g, g.bolaId)).id, amount: '45,000', method: 'Cash', payerName: 'Mr Ade' }),
      201,
    );
    ok(await publish(g));
    await app.messageWorker.runOnce();
    const results = received().filter(([, text]) => text.includes('results are published'));
    expect(results.sort(([a], [b]) => a.localeCompare(b))).toEqual([
      ['2347060001111', `${g.t.school.name}: Bola Ade's First term results are published. View them at ${ORIGIN}/parent/children/${g.bolaId}/results`],
      [
        '2348031234567',
        `${g.t.school.name}: Ada Obi's First term results are published, and will open once the fees owed (N45,000) are paid. Pay at ${ORIGIN}/parent/children/${g.t.student.id}/fees`,
      ],
    ]);
  });
});

describe('fee reminders and receipts', () => {
  it('reminds each debtor’s guardians once a day, whatever the number of presses, in plain text with N for naira', async () => {
    ok(await w.admin.post('/api/finance/reminders', { termId: w.second.id }));
    ok(await w.admin.post('/api/finance/reminders', { termId: w.second.id }));
    await app.messageWorker.runOnce();
    const sent = received().sort(([a], [b]) => a.localeCompare(b));
    expect(sent.map(([to]) => to)).toEqual(['2347060001111', '2348031234567']);
    expect(sent[1][1]).toBe(
      `${w.t.school.name}: Ada Obi's Second term fees are not fully paid. Balance N45,000. See the invoice and pay at ${ORIGIN}/parent/children/${w.t.student.id}/fees`,
    );
    expect(sent[0][1]).toContain(`Bola Ade's Second term fees`);
    expect(fake.sent.every((m) => m.type === 'plain' && smsType(m.sms) === 'plain')).toBe(true);
  });

  it('sends the receipt of a payment recorded at the bursary to the guardians', async () => {
    const invoice = await invoiceOf(w, w.t.student.id);
    const res = await w.admin.post('/api/finance/payments', { invoiceId: invoice.id, amount: '20,000.50', method: 'Cash', payerName: 'Mrs Obi' });
    ok(res, 201);
    await app.messageWorker.runOnce();
    const [payment] = await app.db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.schoolId, w.t.school.id), eq(schema.payments.invoiceId, invoice.id)));
    expect(received()).toEqual([
      [
        '2348031234567',
        `${w.t.school.name}: payment of N20,000.50 received for Ada Obi's Second term fees. Receipt RCP-${String(payment.receiptNo).padStart(6, '0')}. Balance N24,999.50. Thank you.`,
      ],
    ]);
  });

  it('sends one receipt for a card payment however often Paystack and the payer confirm it', async () => {
    ok(await w.owner.put('/api/settings/payment', { secretKey: SECRET, publicKey: PUBLIC }));
    const student = await signedIn(w.t.users.student.email);
    const invoice = await invoiceOf(w, w.t.student.id);
    const start = await student.post(`/api/fees/${w.t.student.id}/pay`, { invoiceId: invoice.id, amount: '4,999.50' });
    ok(start);
    const { reference } = start.json();
    const { body, signature } = await paystack.pay(reference, { deliver: false });
    const webhook = () =>
      app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      });
    expect((await webhook()).json()).toMatchObject({ outcome: 'applied' });
    expect((await webhook()).json()).toMatchObject({ outcome: 'already-applied' });
    expect((await student.post('/api/fees/paystack/verify', { reference })).json()).toMatchObject({ status: 'Success' });
    await app.messageWorker.runOnce();
    expect(received()).toHaveLength(1);
    expect(received()[0][0]).toBe('2348031234567');
    expect(received()[0][1]).toMatch(/: payment of N4,999\.50 received for Ada Obi's Second term fees\. Receipt RCP-\d{6}\. Balance N20,000\. Thank you\.$/);
  });
});

describe('invitation codes', () => {
  it('texts a new staff member their code, the same as the mail’s, and a new code when the invitation is sent again', async () => {
    const address = email('teacher');
    const res = await w.admin.post('/api/staff', {
      name: 'Funmilayo Adeyemi',
      staffType: 'Teacher',
      email: address,
      phone: '0803 555 0202',
      gender: 'female',
      address: '12 Allen Avenue, Ikeja',
      employedOn: '2019-09-02',
    });
    ok(res, 201);
    await app.messageWorker.runOnce();
    const [mail] = await mailTo(w, address);
    const code = /invitation code is: (\d{8})/.exec(mail.body)![1];
    expect(received()).toEqual([
      ['2348035550202', `${w.t.school.name}: your SchoolSuite invitation code is ${code}. Register at ${ORIGIN}/auth/register with ${address} within 7 days.`],
    ]);

    // sent again: a new code, so a new message
    fake.reset();
    ok(await w.admin.post(`/api/staff/${res.json().staff.id}/resend-invitation`));
    await app.messageWorker.runOnce();
    const [again] = await mailTo(w, address);
    const newCode = /invitation code is: (\d{8})/.exec(again.body)![1];
    expect(newCode).not.toBe(code);
    expect(received()).toHaveLength(1);
    expect(received()[0][1]).toContain(`invitation code is ${newCode}.`);
  });

  it('texts an invited parent and student at the numbers given for them', async () => {
    const person = (userType: string, address: string, phone: string) => ({
      name: userType === 'parent' ? 'Ngozi Eze' : 'Chioma Eze',
      email: address,
      phone,
      userType,
      gender: 'Female',
      dob: '2010-04-02',
      address: '1 Broad Street, Lagos',
      contactPerson: 'Ngozi Eze',
      relationship: 'Mother',
      institution: 'None',
      institutionAddress: 'None',
      attendedClasses: 'Primary 6',
      lastAttendedEducation: 'Primary',
      class: 'JSS 1',
      originState: 'Ogun',
      schoolType: 'Secondary',
      schoolId: w.t.school.id,
    });
    const parentEmail = email('parent');
    const studentEmail = email('student');
    ok(await w.owner.post('/api/organisation/users', person('parent', parentEmail, '+234 909 111 2222')), 201);
    ok(await w.owner.post('/api/organisation/users', person('student', studentEmail, '0812-333-4444')), 201);
    await app.messageWorker.runOnce();
    // sent a few at a time: in any order
    const sent = received().sort(([a], [b]) => b.localeCompare(a));
    expect(sent.map(([to]) => to)).toEqual(['2349091112222', '2348123334444']);
    expect(sent[0][1]).toContain(`with ${parentEmail} within 7 days.`);
    expect(sent[1][1]).toContain(`with ${studentEmail} within 7 days.`);
    expect(sent.every(([, text]) => /invitation code is \d{8}\./.test(text))).toBe(true);
  });
});

describe('password reset links', () => {
  it('texts the link of the mail to the phone the school knows, keeps the same limits, and hides the link in the log', async () => {
    const parentEmail = w.t.users.parent.email;
    const answer = await new TestClient(app).post('/api/auth/forgot-password', { email: parentEmail });
    ok(answer);
    // an address without an account: the same answer, nothing sent
    const nobody = await new TestClient(app).post('/api/auth/forgot-password', { email: 'nobody@example.test' });
    expect(nobody.json()).toEqual(answer.json());
    await app.messageWorker.runOnce();
    const [mail] = await mailTo(w, parentEmail);
    const link = /(https?:\S+\/auth\/reset-password\?token=\S+)/.exec(mail.body)![1];
    expect(received()).toEqual([
      ['2348031234567', `SchoolSuite: to reset your password, open this link within 60 minutes: ${link} If you did not ask for this, ignore this message.`],
    ]);

    // the mail's limit (three an hour for an address) holds for the texts too
    fake.reset();
    for (let i = 0; i < 3; i += 1) ok(await new TestClient(app).post('/api/auth/forgot-password', { email: parentEmail }));
    await app.messageWorker.runOnce();
    expect(received()).toHaveLength(2);

    // the administrators' log says that a link went, never the link
    const log = (await w.admin.get('/api/messages?event=passwordReset')).json().items as Array<{ body: string }>;
    expect(log).toHaveLength(3);
    expect(log.every((m) => m.body.includes('token=(hidden)') && !m.body.includes(link))).toBe(true);
    // once sent, the row itself keeps no usable link
    const rows = await messagesOf(w.t.school.id, 'passwordReset');
    expect(rows.filter((m) => m.status === 'sent')).toHaveLength(3);
    expect(rows.every((m) => !/token=(?!\(hidden\))/.test(m.body))).toBe(true);
    // and a reset link is never sent again from the log
    await app.db
      .update(schema.messages)
      .set({ status: 'failed' })
      .where(and(eq(schema.messages.schoolId, w.t.school.id), eq(schema.messages.id, rows[0].id)));
    const again = await w.admin.post(`/api/messages/${rows[0].id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A password reset link is not sent again: ask the person to request a new link from the sign-in page');
  });
});

describe('noticeboard posts marked "also send as SMS"', () => {
  const notice = (overrides: Record<string, unknown> = {}) => ({
    title: 'Sports day',
    description: 'Friday at the field.\nWear your house colours.',
    date: '2024-02-10',
    audience: 'everyone',
    sendSms: true,
    ...overrides,
  });

  it('texts the audience once per phone, in one batch, and not again when the notice is edited', async () => {
    // a staff member with a phone who is also Bola's father's number: one message for that phone
    await createStaff(app.db, w.t, { name: 'Mr Bello', phone: '0812 000 3333' });
    await createStaff(app.db, w.t, { name: 'Mr Ade (bursar)', phone: '+2347060001111' });
    const res = await w.admin.post('/api/notices', notice());
    ok(res, 201);
    expect(res.json().sendSms).toBe(true);
    await app.messageWorker.runOnce();
    const text = `${w.t.school.name}: Sports day. Friday at the field. Wear your house colours.`;
    const sent = received().sort(([a], [b]) => a.localeCompare(b));
    // the staff invited earlier in this file have phones too
    expect(sent).toEqual(['2347060001111', '2348031234567', '2348035550202', '2348120003333'].map((to) => [to, text]));
    const batches = new Set((await messagesOf(w.t.school.id, 'notice')).map((m) => m.batchId));
    expect(batches.size).toBe(1);
    expect([...batches][0]).toBeTruthy();

    fake.reset();
    ok(await w.admin.put(`/api/notices/${res.json().id}`, notice({ title: 'Sports day (moved)' })));
    await app.messageWorker.runOnce();
    expect(fake.requests).toEqual([]);
  });

  it('sends nothing when not asked, texts only the staff for a staff notice, and keeps a long notice to two units', async () => {
    const quiet = await w.admin.post('/api/notices', notice({ title: 'Quiet', sendSms: undefined }));
    ok(quiet, 201);
    expect(quiet.json().sendSms).toBe(false);
    await app.messageWorker.runOnce();
    expect(fake.requests).toEqual([]);

    ok(await w.admin.post('/api/notices', notice({ title: 'Staff meeting', audience: 'staff', description: 'Monday at 2 pm. '.repeat(40) })), 201);
    await app.messageWorker.runOnce();
    const sent = received().sort(([a], [b]) => a.localeCompare(b));
    expect(sent.map(([to]) => to)).toEqual(['2347060001111', '2348035550202', '2348120003333']);
    expect(sent[0][1].length).toBeLessThanOrEqual(306);
    expect(sent[0][1]).toMatch(/^.+: Staff meeting\. Monday at 2 pm\. .+\.\.\. More on the noticeboard\.$/);
    const [row] = await messagesOf(w.t.school.id, 'notice').then((rows) => rows.filter((m) => m.body.includes('Staff meeting')));
    expect(row.units).toBe(2);
  });

  it('texts the guardians of one class for a class notice', async () => {
    const other = await createClass(app.db, w.t, { level: 'JSS 2', arm: 'A' });
    const chi = await createStudent(app.db, w.t, { registrationNo: `REG-CHI-${++counter}`, firstName: 'Chi', lastName: 'Uche', classId: other.id });
    await createGuardian(app.db, w.t, { name: 'Mrs Uche', phone: '0905 444 5555', studentId: chi.id });
    ok(await w.admin.post('/api/notices', notice({ title: 'JSS 2 A trip', audience: 'class', classId: other.id })), 201);
    await app.messageWorker.runOnce();
    expect(received().map(([to]) => to)).toEqual(['2349054445555']);
  });

  it('texts a notice ticked on an edit once, naming the batch in the answer as a new notice does', async () => {
    const posted = await w.admin.post('/api/notices', notice({ title: 'Fees deadline', audience: 'parents', sendSms: undefined }));
    ok(posted, 201);
    expect(posted.json().texts).toBeUndefined();
    const edited = await w.admin.put(`/api/notices/${posted.json().id}`, notice({ title: 'Fees deadline', audience: 'parents', sendSms: true }));
    ok(edited);
    const { texts } = edited.json();
    expect(texts).toEqual({ batchId: expect.any(String), total: expect.any(Number) });
    expect((await w.admin.get(`/api/messages/batches/${texts.batchId}`)).json()).toMatchObject({ total: texts.total, byStatus: { queued: texts.total } });
    await app.messageWorker.runOnce();
    expect(received()).toHaveLength(texts.total);
    // saved again: no one gets it twice, and the answer names no batch
    const again = await w.admin.put(`/api/notices/${posted.json().id}`, notice({ title: 'Fees deadline (today)', audience: 'parents', sendSms: true }));
    expect(again.json().texts).toBeUndefined();
  });
});

describe('a school without a gateway key', () => {
  it('keeps every event’s messages in the outbox and sends none', async () => {
    const bare = await buildWorld(false);
    ok(await publish(bare));
    ok(await bare.admin.post('/api/finance/reminders', { termId: bare.second.id }));
    const invoice = await invoiceOf(bare, bare.t.student.id);
    ok(await bare.admin.post('/api/finance/payments', { invoiceId: invoice.id, amount: '1000', method: 'Cash' }), 201);
    ok(
      await bare.admin.post('/api/staff', {
        name: 'Kunle Ojo',
        staffType: 'Teacher',
        email: email('kunle'),
        phone: '0803 777 8888',
        gender: 'male',
        address: '3 Marina, Lagos',
        employedOn: '2020-01-06',
      }),
      201,
    );
    ok(await new TestClient(app).post('/api/auth/forgot-password', { email: bare.t.users.parent.email }));
    ok(await bare.admin.post('/api/notices', openDay()), 201);
    expect(await app.messageWorker.runOnce()).toBe(0);
    expect(fake.requests).toEqual([]);
    const rows = await app.db.select().from(schema.messages).where(eq(schema.messages.schoolId, bare.t.school.id));
    expect(new Set(rows.map((m) => m.event))).toEqual(new Set(['results', 'feeReminder', 'receipt', 'invitation', 'passwordReset', 'notice']));
    expect(rows.every((m) => m.status === 'kept' && m.units === 0)).toBe(true);
  });
});

function openDay() {
  return { title: 'Open day', description: 'Saturday from 10 am.', date: '2024-02-10', audience: 'everyone', sendSms: true };
}

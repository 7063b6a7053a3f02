import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createEnrolment, createGuardian, createStaff, createStudent } from '../../test/factories';
import { deliveryReport, type FakeTermii, startFakeTermii } from '../../test/fake-termii';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';
import { MAX_ATTEMPTS } from './messaging.worker';

/*
 * Issue 20: absence notices by SMS through Termii (a local fake that speaks its documented API),
 * queued with the register, sent by the worker with retries, DND routing and a log the school reads.
 */

type Tenant = Awaited<ReturnType<typeof createTenant>>;

let app: FastifyInstance;
let fake: FakeTermii;
let t: Tenant;
let other: Tenant;
let classId: string;
const students: Record<string, string> = {};
let admin: TestClient;
let teacher: TestClient;
let owner: TestClient;
let day = 8; // each test marks its own school day of January 2024 (the Second term)

const nextDate = () => {
  day += 1;
  while ([6, 7, 13, 14, 20, 21, 27, 28].includes(day)) day += 1;
  return `2024-01-${String(day).padStart(2, '0')}`;
};

/** Marks the named students absent, everyone else present. */
async function markAbsent(...names: string[]) {
  const date = nextDate();
  const res = await teacher.put('/api/attendance/register', {
    classId,
    date,
    entries: Object.entries(students).map(([name, studentId]) => ({ studentId, status: names.includes(name) ? 'Absent' : 'Present' })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return date;
}

async function messagesOfSchool(schoolId = t.school.id) {
  return app.db.select().from(schema.messages).where(eq(schema.messages.schoolId, schoolId)).orderBy(schema.messages.createdAt);
}

beforeAll(async () => {
  fake = await startFakeTermii();
  app = await createTestApp({ termiiBaseUrl: fake.url });
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const staff = await createStaff(app.db, t, { userId: t.users.teacher.id, name: 'Mrs. Adeyemi' });
  classId = (await createClass(app.db, t, { level: 'JSS 1', arm: 'A', classTeacherId: staff.id })).id;
  await createEnrolment(app.db, t, { studentId: t.student.id, classId });
  // Ada's mother (the tenant's guardian) writes her number the local way
  await app.db
    .update(schema.guardians)
    .set({ phone: '0803 123 4567' })
    .where(and(eq(schema.guardians.schoolId, t.school.id), eq(schema.guardians.id, t.guardian.id)));
  students.Ada = t.student.id;
  const guarded = async (firstName: string, phone: string | null) => {
    const s = await createStudent(app.db, t, { registrationNo: `REG-${firstName}`, firstName, lastName: 'Test', classId });
    await createGuardian(app.db, t, { name: `Parent of ${firstName}`, phone, studentId: s.id });
    students[firstName] = s.id;
  };
  await guarded('Bola', '+234 805 555 0101'); // on Do-Not-Disturb
  await guarded('Chika', '01-234-5678'); // a landline: no SMS
  await guarded('Dayo', '0706 000 1111');
  admin = new TestClient(app);
  await admin.login(t.users.admin.email);
  teacher = new TestClient(app);
  await teacher.login(t.users.teacher.email);
  owner = new TestClient(app);
  await owner.login(t.users.super_admin.email);
});

afterAll(async () => {
  await app.close();
  await fake.close();
});

beforeEach(() => fake.reset());

describe('without gateway keys', () => {
  it('answers that no gateway is set up when asked for the balance', async () => {
    expect((await admin.get('/api/messaging/balance')).json()).toEqual({ configured: false, balance: null, currency: null, error: null });
  });

  it('keeps the absence notices in the outbox, sends nothing, and logs them as kept', async () => {
    const date = await markAbsent('Ada');
    expect(await app.messageWorker.runOnce()).toBe(0);
    expect(fake.requests).toEqual([]);
    const kept = (await messagesOfSchool()).filter((m) => m.dedupeKey.includes(date));
    expect(kept.map((m) => [m.to, m.status, m.channel, m.event])).toEqual([['+2348031234567', 'kept', 'sms', 'absence']]);
    expect(kept[0].body).toMatch(/^.+: Ada Obi \(JSS 1 A\) was marked absent on \d+ Jan\. If you did not know of this, please call the school\.$/);
  });
});

describe('settings', () => {
  it('keeps the key sealed and answers it masked; a school takes the organisation’s until it sets its own', async () => {
    const saved = await owner.put('/api/messaging/settings', {
      apiKey: fake.apiKey,
      senderId: 'GreenField',
      eventChannels: {
        absence: ['sms'],
        results: ['sms', 'whatsapp'],
        feeReminder: [],
        receipt: ['sms'],
        invitation: ['sms'],
        passwordReset: ['sms'],
        notice: [],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ scope: 'organisation', apiKey: '••••••••1234', senderId: 'GreenField' });
    expect(saved.body).not.toContain(fake.apiKey);
    const [row] = await app.db
      .select()
      .from(schema.organisationMessagingSettings)
      .where(eq(schema.organisationMessagingSettings.organisationId, t.organisation.id));
    expect(row.apiKeyEncrypted).not.toContain(fake.apiKey);

    const school = (await admin.get('/api/messaging/settings')).json();
    expect(school).toMatchObject({ scope: 'school', apiKey: null, senderId: null, eventChannels: null });
    expect(school.effective).toMatchObject({ apiKey: '••••••••1234', keyFrom: 'organisation', senderId: 'GreenField' });
    expect(school.effective.eventChannels.results).toEqual(['sms', 'whatsapp']);
    // the other organisation's school sees none of it
    const stranger = new TestClient(app);
    await stranger.login(other.users.admin.email);
    expect((await stranger.get('/api/messaging/settings')).json().effective.apiKey).toBeNull();
  });

  it('refuses a bad sender ID with a 400 and is closed to teachers and families', async () => {
    const bad = await admin.put('/api/messaging/settings', { senderId: 'A very long sender name' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Sender ID must be 3 to 11 letters or digits');
    for (const client of [teacher]) {
      expect((await client.get('/api/messaging/settings')).statusCode).toBe(403);
      expect((await client.get('/api/messages')).statusCode).toBe(403);
    }
  });
});

describe('sending absence notices', () => {
  it('sends exactly one SMS per guardian, in +234 form, routes a DND number by the dnd channel, and logs a landline as failed', async () => {
    fake.dnd.add('2348055550101');
    const date = await markAbsent('Ada', 'Bola', 'Chika');
    // the same register saved again: no second notice
    const again = await teacher.put('/api/attendance/register', {
      classId,
      date,
      entries: Object.entries(students).map(([name, studentId]) => ({ studentId, status: ['Ada', 'Bola', 'Chika'].includes(name) ? 'Absent' : 'Present' })),
    });
    expect(again.statusCode).toBe(200);
    await app.messageWorker.runOnce();

    // sent a few at a time: in any order
    expect(fake.sent.map((m) => [m.to, m.channel, m.from, m.type]).sort(([a], [b]) => a.localeCompare(b))).toEqual([
      ['2348031234567', 'generic', 'GreenField', 'plain'],
      ['2348055550101', 'dnd', 'GreenField', 'plain'],
    ]);
    // the DND number was refused on the generic route first
    expect(fake.requests.filter((r) => r.to === '2348055550101').map((r) => r.channel)).toEqual(['generic', 'dnd']);
    const mine = (await messagesOfSchool()).filter((m) => m.dedupeKey.includes(date)).sort((a, b) => a.recipientName!.localeCompare(b.recipientName!));
    expect(mine.map((m) => [m.recipientName, m.status, m.route, m.units])).toEqual([
      ['Mrs Obi', 'sent', 'generic', 1],
      ['Parent of Bola', 'sent', 'dnd', 1],
      ['Parent of Chika', 'failed', null, 0],
    ]);
    expect(mine[2].error).toBe('Not a Nigerian mobile number: “01-234-5678”');
    expect(fake.sent.map((m) => m.messageId)).toContain(mine[0].providerMessageId);
  });

  it('retries with back-off when the gateway fails or is slow, and gives up after the last attempt with the reason', async () => {
    fake.failNext(1, 500);
    const date = await markAbsent('Dayo');
    await app.messageWorker.runOnce();
    let [message] = (await messagesOfSchool()).filter((m) => m.dedupeKey.includes(date));
    expect(message).toMatchObject({ status: 'queued', attempts: 1, error: 'Termii: Gateway error' });
    expect(message.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(fake.sent).toEqual([]);

    // due again: sent on the second attempt
    const due = async () =>
      app.db
        .update(schema.messages)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(and(eq(schema.messages.schoolId, t.school.id), eq(schema.messages.id, message.id)));
    await due();
    await app.messageWorker.runOnce();
    [message] = (await messagesOfSchool()).filter((m) => m.dedupeKey.includes(date));
    expect(message).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(fake.sent.map((m) => m.to)).toEqual(['2347060001111']);

    // a gateway that never answers well: given up after the last attempt
    fake.reset();
    const later = await markAbsent('Dayo');
    fake.failNext(MAX_ATTEMPTS, 503);
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      [message] = (await messagesOfSchool()).filter((m) => m.dedupeKey.includes(later));
      await due();
      await app.messageWorker.runOnce();
    }
    [message] = (await messagesOfSchool()).filter((m) => m.dedupeKey.includes(later));
    expect(message.status).toBe('failed');
    expect(message.error).toBe(`Gave up after ${MAX_ATTEMPTS} attempts. Termii: Gateway error`);
    expect(fake.requests).toHaveLength(MAX_ATTEMPTS);
  });

  it('waits out a slow gateway within its timeout', async () => {
    fake.delayMs = 300;
    const date = await markAbsent('Dayo');
    await app.messageWorker.runOnce();
    const [message] = (await messagesOfSchool()).filter((m) => m.dedupeKey.includes(date));
    expect(message.status).toBe('sent');
  });

  it('queues nothing when the register is refused (the event and its messages are one transaction)', async () => {
    const before = (await messagesOfSchool()).length;
    const res = await teacher.put('/api/attendance/register', {
      classId,
      date: nextDate(),
      entries: [{ studentId: other.student.id, status: 'Absent' }],
    });
    expect(res.statusCode).toBe(400);
    expect((await messagesOfSchool()).length).toBe(before);
  });

  it('respects a parent who opted out of SMS', async () => {
    const parent = new TestClient(app);
    await parent.login(t.users.parent.email);
    expect((await parent.get('/api/me/message-channels')).json()).toEqual({ phones: ['+2348031234567'], sms: true, whatsapp: true });
    const off = await parent.put('/api/me/message-channels', { sms: false, whatsapp: true });
    expect(off.json()).toMatchObject({ sms: false, whatsapp: true });
    const date = await markAbsent('Ada');
    await app.messageWorker.runOnce();
    expect(fake.sent).toEqual([]);
    expect((await messagesOfSchool()).filter((m) => m.dedupeKey.includes(date))).toEqual([]);
    await parent.put('/api/me/message-channels', { sms: true, whatsapp: true });
    expect((await teacher.get('/api/me/message-channels')).statusCode).toBe(403);
  });
});

describe('the Termii balance', () => {
  it('reads what is left on the account the school’s messages go through, and says why when Termii refuses the key', async () => {
    fake.balance = 2345.5;
    expect((await admin.get('/api/messaging/balance')).json()).toEqual({ configured: true, balance: 2345.5, currency: 'NGN', error: null });
    expect((await owner.get('/api/messaging/balance')).json()).toMatchObject({ configured: true, balance: 2345.5 });
    // the other organisation has no key: nothing of this one's account
    const stranger = new TestClient(app);
    await stranger.login(other.users.admin.email);
    expect((await stranger.get('/api/messaging/balance')).json().configured).toBe(false);
    expect((await teacher.get('/api/messaging/balance')).statusCode).toBe(403);

    // a school key Termii does not know: its words, no figure
    const bad = await admin.put('/api/messaging/settings', { apiKey: 'TLwrongkey0000', senderId: '' });
    expect(bad.statusCode, bad.body).toBe(200);
    expect((await admin.get('/api/messaging/balance')).json()).toEqual({ configured: true, balance: null, currency: null, error: 'Termii: Invalid API key' });
    await admin.put('/api/messaging/settings', { removeApiKey: true, senderId: '' });
    expect((await admin.get('/api/messaging/balance')).json().balance).toBe(2345.5);
  });
});

describe('delivery reports', () => {
  it('marks a message delivered when Termii reports it, and failed with Termii’s words when the handset was not reached', async () => {
    const date = await markAbsent('Ada', 'Dayo');
    await app.messageWorker.runOnce();
    const [ada, dayo] = ['2348031234567', '2347060001111'].map((to) => fake.sent.find((m) => m.to === to)!);
    // the organisation's address, as the settings show it to paste into Termii's console
    const { deliveryReportUrl } = (await admin.get('/api/messaging/settings')).json();
    expect((await owner.get('/api/messaging/settings')).json().deliveryReportUrl).toBe(deliveryReportUrl);
    const address = new URL(deliveryReportUrl);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const webhook = `http://127.0.0.1:${port}${address.pathname}${address.search}`;

    // the fake posts Termii's documented report to the app over HTTP
    const unitsBefore = (await admin.get('/api/messages')).json().summary.units;
    expect(await fake.report(webhook, ada.messageId, 'DELIVERED')).toBe(200);
    expect(await fake.report(webhook, dayo.messageId, 'DND Active on Phone Number')).toBe(200);
    // Termii charged for both: a failure reported afterwards keeps its units
    expect((await admin.get('/api/messages')).json().summary.units).toBe(unitsBefore);
    const byName = async () => Object.fromEntries((await messagesOfSchool()).filter((m) => m.dedupeKey.includes(date)).map((m) => [m.recipientName, m]));
    let mine = await byName();
    expect(mine['Mrs Obi']).toMatchObject({ status: 'delivered', error: null });
    expect(mine['Mrs Obi'].deliveredAt).toBeInstanceOf(Date);
    expect(mine['Parent of Dayo']).toMatchObject({ status: 'failed', error: 'Termii: DND Active on Phone Number' });

    // the log shows it, and delivered messages count toward the units used
    const log = (await admin.get(`/api/messages?status=delivered`)).json();
    expect(log.items.map((m: { to: string }) => m.to)).toContain('+2348031234567');
    expect(log.summary.byStatus.delivered).toBeGreaterThanOrEqual(1);

    // "Message Sent" is a state on the way, and delivered is final: neither changes anything
    const post = (path: string, body: unknown) => app.inject({ method: 'POST', url: path, payload: body as object });
    const path = `${address.pathname}${address.search}`;
    let res = await post(path, deliveryReport(ada, 'Message Sent'));
    expect(res.json()).toEqual({ received: true, changed: false });
    res = await post(path, deliveryReport(ada, 'Message Failed'));
    expect(res.json()).toEqual({ received: true, changed: false });
    mine = await byName();
    expect(mine['Mrs Obi'].status).toBe('delivered');
  });

  it('refuses a report at any other address, and never changes another organisation’s message', async () => {
    const date = await markAbsent('Dayo');
    await app.messageWorker.runOnce();
    const [dayo] = fake.sent;
    const ours = new URL((await admin.get('/api/messaging/settings')).json().deliveryReportUrl);
    const address = `${ours.pathname}${ours.search}`;
    const stranger = new TestClient(app);
    await stranger.login(other.users.admin.email);
    const theirs = new URL((await stranger.get('/api/messaging/settings')).json().deliveryReportUrl);
    const strangers = `${theirs.pathname}${theirs.search}`;
    expect(strangers).not.toBe(address);
    const post = (path: string, body: unknown) => app.inject({ method: 'POST', url: path, payload: body as object });

    const forged = await post(address.replace(/token=[^&]+/, `token=${'x'.repeat(32)}`), deliveryReport(dayo, 'DELIVERED'));
    expect(forged.statusCode).toBe(401);
    // the other organisation's own address does not reach this organisation's messages
    expect((await post(strangers, deliveryReport(dayo, 'DELIVERED'))).json()).toEqual({ received: true, changed: false });
    // nor does a report naming another number than the message's
    expect((await post(address, { ...deliveryReport(dayo, 'DELIVERED'), receiver: '2348099999999' })).json()).toEqual({ received: true, changed: false });
    // a report of a message nobody here sent is acknowledged (so Termii stops retrying) and ignored
    expect((await post(address, { message_id: '999', status: 'DELIVERED' })).json()).toEqual({ received: true, changed: false });
    const [message] = (await messagesOfSchool()).filter((m) => m.dedupeKey.includes(date));
    expect(message.status).toBe('sent');
    expect((await post(address, deliveryReport(dayo, 'DELIVERED | Message delivered to handset'))).json()).toEqual({ received: true, changed: true });
  });
});

describe('the message log', () => {
  it('counts this term’s units from the term’s first midnight in Lagos, not in UTC', async () => {
    const units = async () => (await admin.get('/api/messages')).json().summary as { since: string; units: number };
    const before = await units();
    // the Second term begins on 8 January 2024: 23:30 UTC on the 7th is 00:30 in Lagos on the 8th
    expect(before.since).toBe('2024-01-08');
    const sentAt = (iso: string, n: number) => ({
      schoolId: t.school.id,
      organisationId: t.organisation.id,
      channel: 'sms',
      event: 'absence',
      dedupeKey: `units-${iso}`,
      to: '+2348031234567',
      body: 'x',
      status: 'sent',
      units: n,
      createdAt: new Date(iso),
    });
    const batchId = crypto.randomUUID();
    await app.db.insert(schema.messages).values([sentAt('2024-01-07T23:30:00Z', 3), { ...sentAt('2024-01-07T22:30:00Z', 5), batchId }]);
    expect((await units()).units).toBe(before.units + 3);
    // one send's figures are all of it, whenever it was made
    const send = (await admin.get(`/api/messages?batchId=${batchId}`)).json().summary;
    expect(send).toMatchObject({ units: 5, byStatus: { sent: 1 } });
    await app.db.delete(schema.messages).where(and(eq(schema.messages.schoolId, t.school.id), like(schema.messages.dedupeKey, 'units-%')));
  });

  it('lists the school’s messages newest first with this term’s units, filters them, and resends a failed one', async () => {
    const page = await admin.get('/api/messages?pageSize=100');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.items.length).toBeGreaterThan(3);
    expect(body.items[0].createdAt >= body.items.at(-1).createdAt).toBe(true);
    expect(body.summary.units).toBe(body.items.reduce((n: number, m: { units: number }) => n + m.units, 0));
    const failed = (await admin.get('/api/messages?status=failed')).json().items;
    expect(failed.every((m: { status: string }) => m.status === 'failed')).toBe(true);

    const giveUp = failed.find((m: { error: string }) => m.error.startsWith('Gave up'));
    const resent = await admin.post(`/api/messages/${giveUp.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toMatchObject({ status: 'queued', to: '+2347060001111' });
    await app.messageWorker.runOnce();
    expect(fake.sent.map((m) => m.to)).toEqual(['2347060001111']);

    const landline = failed.find((m: { error: string }) => m.error.startsWith('Not a Nigerian'));
    const refused = await admin.post(`/api/messages/${landline.id}/resend`);
    expect(refused.statusCode).toBe(400);
    const sent = body.items.find((m: { status: string }) => m.status === 'sent');
    expect((await admin.post(`/api/messages/${sent.id}/resend`)).statusCode).toBe(409);
    // another school's message is not found
    const stranger = new TestClient(app);
    await stranger.login(other.users.admin.email);
    expect((await stranger.post(`/api/messages/${sent.id}/resend`)).statusCode).toBe(404);
    expect((await stranger.get('/api/messages')).json().items).toEqual([]);
  });
});

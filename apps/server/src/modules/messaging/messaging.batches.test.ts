import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createGuardian, createStudent, createSubject, termOf } from '../../test/factories';
import { type FakeTermii, startFakeTermii } from '../../test/fake-termii';
import { createSchool, createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';

/*
 * Issue 20: a bulk send's progress. Publishing results, or posting a notice also sent as SMS, answers
 * with the batch of texts it made; GET /api/messages/batches/:batchId counts that batch's messages by
 * status in the schools the requester reaches, while the worker sends them through a local Termii.
 */

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Term = typeof schema.terms.$inferSelect;
type Progress = { batchId: string; total: number; byStatus: Record<'queued' | 'sent' | 'delivered' | 'failed' | 'kept', number> };

let app: FastifyInstance;
let fake: FakeTermii;
let counter = 0;

const ok = (res: { statusCode: number; body: string }, status = 200) => expect(res.statusCode, res.body).toBe(status);
const none = { queued: 0, sent: 0, delivered: 0, failed: 0, kept: 0 };

async function signedIn(address: string) {
  const client = new TestClient(app);
  await client.login(address);
  return client;
}

/** A school whose class has Ada (her mother's phone) and Bola (his father's), both scored this first term. */
interface World {
  t: Tenant;
  admin: TestClient;
  owner: TestClient;
  classId: string;
  first: Term;
}

async function buildWorld(withGateway: boolean): Promise<World> {
  const t = await createTenant(app.db);
  const admin = await signedIn(t.users.admin.email);
  const owner = await signedIn(t.users.super_admin.email);
  const classId = (await createClass(app.db, t, { level: 'JSS 1', arm: 'A' })).id;
  await createEnrolment(app.db, t, { studentId: t.student.id, classId });
  await app.db
    .update(schema.guardians)
    .set({ phone: '0803 123 4567' })
    .where(and(eq(schema.guardians.schoolId, t.school.id), eq(schema.guardians.id, t.guardian.id)));
  const bola = await createStudent(app.db, t, { registrationNo: `REG-BOLA-${++counter}`, firstName: 'Bola', lastName: 'Ade', classId });
  await createGuardian(app.db, t, { name: 'Mr Ade', relationship: 'father', phone: '0706 000 1111', studentId: bola.id });
  const maths = await createSubject(app.db, t, { name: 'Mathematics', code: 'MTH' });
  await createClassSubject(app.db, t, { classId, subjectId: maths.id });
  const first = await termOf(app.db, t, 'First');
  for (const studentId of [t.student.id, bola.id]) {
    await app.db
      .insert(schema.scores)
      .values({ schoolId: t.school.id, studentId, subjectId: maths.id, termId: first.id, test1: 8, test2: 9, assignment: 7, exam: 52 });
  }
  if (withGateway) ok(await owner.put('/api/messaging/settings', { apiKey: fake.apiKey, senderId: 'GreenField' }));
  return { t, admin, owner, classId, first };
}

/** A second school of the same organisation, with its administrator and one guardian with a phone. */
async function secondSchoolOf(w: World) {
  const place = await createSchool(app.db, w.t.organisation.id);
  const user = await createUser(app.db, { organisationId: w.t.organisation.id, schoolId: place.school.id, role: 'admin' });
  const classId = (await createClass(app.db, place, { level: 'JSS 1', arm: 'A' })).id;
  const chi = await createStudent(app.db, place, { registrationNo: `REG-CHI-${++counter}`, firstName: 'Chi', lastName: 'Uche', classId });
  await createGuardian(app.db, place, { name: 'Mrs Uche', phone: '0905 444 5555', studentId: chi.id });
  return { school: place.school, admin: await signedIn(user.email) };
}

const publish = (w: World, action: 'publish' | 'unpublish' | 'republish' = 'publish') =>
  w.admin.post(`/api/records/results/${action}`, { termId: w.first.id, classId: w.classId });

async function progressOf(client: TestClient, batchId: string): Promise<Progress> {
  const res = await client.get(`/api/messages/batches/${batchId}`);
  ok(res);
  return res.json();
}

const notice = (overrides: Record<string, unknown> = {}) => ({
  title: 'Open day',
  description: 'Saturday from 10 am.',
  date: '2024-02-10',
  audience: 'parents',
  sendSms: true,
  ...overrides,
});

let w: World;

beforeAll(async () => {
  fake = await startFakeTermii();
  app = await createTestApp({ termiiBaseUrl: fake.url, secretsKey: 'a'.repeat(64), loginIpLimit: 10_000 });
  w = await buildWorld(true);
});

afterAll(async () => {
  await app?.close();
  await fake?.close();
});

beforeEach(() => fake.reset());

describe('the progress of publishing results by SMS', () => {
  it('names the batch in the answer, shows it all queued until the worker runs and all sent after, to this school only', async () => {
    const res = await publish(w);
    ok(res);
    const { texts } = res.json();
    expect(texts).toEqual({ batchId: expect.any(String), total: 2 });

    expect(await progressOf(w.admin, texts.batchId)).toEqual({ batchId: texts.batchId, total: 2, byStatus: { ...none, queued: 2 } });
    await app.messageWorker.runOnce();
    expect(fake.sent.map((m) => m.to).sort()).toEqual(['2347060001111', '2348031234567']);
    expect(await progressOf(w.admin, texts.batchId)).toEqual({ batchId: texts.batchId, total: 2, byStatus: { ...none, sent: 2 } });
    // the owner reaches every school of the organisation, this one included
    expect((await progressOf(w.owner, texts.batchId)).total).toBe(2);

    // another school's administrator, of the same organisation or another, does not find it
    const other = await secondSchoolOf(w);
    const notFound = async (client: TestClient) => {
      const res = await client.get(`/api/messages/batches/${texts.batchId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No such send');
    };
    await notFound(other.admin);
    const stranger = await buildWorld(false);
    await notFound(stranger.admin);
    await notFound(stranger.owner);
  });

  it('names no batch when the action makes no texts: withdrawn, or published again to families already texted', async () => {
    const x = await buildWorld(true);
    ok(await publish(x));
    await app.messageWorker.runOnce();
    const withdrawn = await publish(x, 'unpublish');
    ok(withdrawn);
    expect(withdrawn.json()).toMatchObject({ published: false });
    expect(withdrawn.json()).not.toHaveProperty('texts');
    const again = await publish(x);
    ok(again);
    expect(again.json()).toMatchObject({ published: true });
    expect(again.json()).not.toHaveProperty('texts');
  });

  it('counts a send kept for want of a gateway key as kept, not queued', async () => {
    const bare = await buildWorld(false);
    const res = await publish(bare);
    ok(res);
    const { texts } = res.json();
    expect(texts.total).toBe(2);
    expect((await progressOf(bare.admin, texts.batchId)).byStatus).toEqual({ ...none, kept: 2 });
  });

  it('does not find an unknown batch, and refuses teachers and parents', async () => {
    const unknown = crypto.randomUUID();
    expect((await w.admin.get(`/api/messages/batches/${unknown}`)).statusCode).toBe(404);
    for (const role of ['teacher', 'parent'] as const) {
      const client = await signedIn(w.t.users[role].email);
      const res = await client.get(`/api/messages/batches/${unknown}`);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe('You do not have permission to do this');
    }
  });
});

describe('the progress of a notice also sent as SMS', () => {
  it('names the batch of an owner’s notice to every school; each school’s administrator sees their own school’s part', async () => {
    const x = await buildWorld(true);
    const second = await secondSchoolOf(x);
    // a notice to the parents: Ada's mother and Bola's father in the first school, Chi's mother in the second
    const res = await x.owner.post('/api/notices', notice({ schoolId: 'all' }));
    ok(res, 201);
    const { texts } = res.json();
    expect(texts).toEqual({ batchId: expect.any(String), total: 3 });
    expect(res.json()).toMatchObject({ title: 'Open day', sendSms: true, broadcast: true });

    expect(await progressOf(x.owner, texts.batchId)).toEqual({ batchId: texts.batchId, total: 3, byStatus: { ...none, queued: 3 } });
    await app.messageWorker.runOnce();
    expect(fake.sent.map((m) => m.to).sort()).toEqual(['2347060001111', '2348031234567', '2349054445555']);
    expect(await progressOf(x.owner, texts.batchId)).toEqual({ batchId: texts.batchId, total: 3, byStatus: { ...none, sent: 3 } });
    expect(await progressOf(x.admin, texts.batchId)).toEqual({ batchId: texts.batchId, total: 2, byStatus: { ...none, sent: 2 } });
    expect(await progressOf(second.admin, texts.batchId)).toEqual({ batchId: texts.batchId, total: 1, byStatus: { ...none, sent: 1 } });
  });

  it('names no batch for a notice not sent as SMS', async () => {
    const res = await w.admin.post('/api/notices', notice({ title: 'Quiet', sendSms: false }));
    ok(res, 201);
    expect(res.json()).not.toHaveProperty('texts');
  });
});

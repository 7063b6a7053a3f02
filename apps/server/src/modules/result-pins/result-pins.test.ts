import { PIN_OF_ANOTHER_STUDENT, PIN_REQUIRED_MESSAGE, PIN_USED_UP, WRONG_PIN } from '@school/shared/report-cards/schemas';
import { DEFAULT_RESULT_SETTINGS } from '@school/shared/results/settings';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createEnrolment, createStudent, linkGuardian, termOf, type Tenant } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';
import { lockedTermIds, requireResultAccess } from './result-pins.service';

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let ids: Record<string, string> = {};
let siblingUserEmail: string;
const clients: Record<string, TestClient> = {};
async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}
async function setRequirePin(tenant: Tenant, requirePin: boolean) {
  const res = await (await as(tenant.users.admin.email)).put('/api/results/settings', { ...DEFAULT_RESULT_SETTINGS, requirePin });
  expect(res.statusCode).toBe(200);
}
async function generate(quantity: number, maxViews: number) {
  const admin = await as(t.users.admin.email);
  const res = await admin.post('/api/result-pins/batches', { quantity, maxViews, note: 'Second term' });
  expect(res.statusCode).toBe(201);
  const pins = await admin.get(`/api/result-pins/batches/${res.json().id}/pins`);
  return pins.json().pins.map((p: { pin: string }) => p.pin) as string[];
}

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A' });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });
  const siblingUser = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'student' });
  siblingUserEmail = siblingUser.email;
  const sibling = await createStudent(app.db, t, { firstName: 'Chidi', lastName: 'Obi', classId: jss1a.id, userId: siblingUser.id });
  // the parent of the tenant has both children
  await linkGuardian(app.db, t, sibling.id, t.guardian.id);
  ids = {
    sibling: sibling.id,
    first: (await termOf(app.db, t, 'First')).id,
    second: (await termOf(app.db, t, 'Second')).id,
    otherTerm: (await termOf(app.db, other, 'Second')).id,
  };
});
afterAll(async () => {
  await app.close();
});

describe('result-checker PIN batches', () => {
  it('answers 401 signed out, 403 to teachers, students and parents', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/result-pins/batches' })).statusCode).toBe(401);
    expect((await (await as(t.users.teacher.email)).get('/api/result-pins/batches')).statusCode).toBe(403);
    expect((await (await as(t.users.student.email)).get('/api/result-pins/batches')).statusCode).toBe(403);
    expect((await (await as(t.users.parent.email)).post('/api/result-pins/batches', { quantity: 1, maxViews: 1 })).statusCode).toBe(403);
  });

  it.each([
    [{ quantity: 0, maxViews: 5 }, 'quantity', 'Quantity must be a whole number from 1 to 500'],
    [{ quantity: 501, maxViews: 5 }, 'quantity', 'Quantity must be a whole number from 1 to 500'],
    [{ quantity: '', maxViews: 5 }, 'quantity', 'Quantity must be a whole number from 1 to 500'],
    [{ quantity: 5, maxViews: 0 }, 'maxViews', 'Views must be a whole number from 1 to 50'],
    [{ quantity: 5, maxViews: 2.5 }, 'maxViews', 'Views must be a whole number from 1 to 50'],
  ])('refuses %j', async (body, field, message) => {
    const res = await (await as(t.users.admin.email)).post('/api/result-pins/batches', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('generates distinct 12-digit PINs, lists the batch, exports CSV, and audits without the PINs', async () => {
    const pins = await generate(20, 5);
    expect(pins).toHaveLength(20);
    expect(new Set(pins).size).toBe(20);
    for (const pin of pins) expect(pin).toMatch(/^[1-9]\d{11}$/);
    const admin = await as(t.users.admin.email);
    const batches = (await admin.get('/api/result-pins/batches')).json().items;
    expect(batches[0]).toMatchObject({ quantity: 20, maxViews: 5, note: 'Second term', used: 0 });
    const csv = await admin.get(`/api/result-pins/batches/${batches[0].id}/pins.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('PIN,Views allowed,Views used,Student');
    expect(csv.body).toContain(`${pins[0].slice(0, 4)}-${pins[0].slice(4, 8)}-${pins[0].slice(8)},5,0,`);
    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'result_pin_batch.created')));
    expect(JSON.stringify(entry.after)).not.toContain(pins[0]);
    // another school's administrator sees none of it
    expect((await (await as(other.users.admin.email)).get('/api/result-pins/batches')).json().items).toEqual([]);
    expect((await (await as(other.users.admin.email)).get(`/api/result-pins/batches/${batches[0].id}/pins`)).statusCode).toBe(404);
  });
});

describe('unlocking results with a PIN', () => {
  const user = () => ({ id: t.users.student.id, role: 'student' });

  it('needs no PIN while the school does not ask for one', async () => {
    await setRequirePin(t, false);
    await expect(requireResultAccess(app.db, { schoolId: t.school.id, studentId: t.student.id, termId: ids.second, user: user() })).resolves.toBeUndefined();
    const status = await (await as(t.users.student.email)).get(`/api/result-pins/status?studentId=${t.student.id}&termId=${ids.second}`);
    expect(status.json()).toEqual({ required: false, unlocked: true, expiresAt: null });
  });

  it('asks students and parents (not staff) for a PIN once the school does', async () => {
    await setRequirePin(t, true);
    await expect(requireResultAccess(app.db, { schoolId: t.school.id, studentId: t.student.id, termId: ids.second, user: user() })).rejects.toMatchObject({
      statusCode: 403,
      message: PIN_REQUIRED_MESSAGE,
      errors: { pin: PIN_REQUIRED_MESSAGE },
    });
    await expect(
      requireResultAccess(app.db, { schoolId: t.school.id, studentId: t.student.id, termId: ids.second, user: { id: t.users.admin.id, role: 'admin' } }),
    ).resolves.toBeUndefined();
    const status = await (await as(t.users.student.email)).get(`/api/result-pins/status?studentId=${t.student.id}&termId=${ids.second}`);
    expect(status.json()).toEqual({ required: true, unlocked: false, expiresAt: null });
  });

  it.each([
    [{ pin: '' }, 'PIN is required'],
    [{ pin: '1234' }, 'PIN must be 12 digits'],
    [{ pin: '12345678901a' }, 'PIN must be 12 digits'],
  ])('refuses %j', async (overrides, message) => {
    const res = await (await as(t.users.student.email)).post('/api/result-pins/unlock', { studentId: t.student.id, termId: ids.second, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.pin).toBe(message);
  });

  it('refuses a wrong PIN', async () => {
    const res = await (await as(t.users.student.email)).post('/api/result-pins/unlock', { pin: '999999999999', studentId: t.student.id, termId: ids.second });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.pin).toBe(WRONG_PIN);
  });

  it("answers 404 for another family's student or another school's term", async () => {
    const [pin] = await generate(1, 2);
    const student = await as(t.users.student.email);
    expect((await student.post('/api/result-pins/unlock', { pin, studentId: ids.sibling, termId: ids.second })).statusCode).toBe(404);
    expect((await student.post('/api/result-pins/unlock', { pin, studentId: t.student.id, termId: ids.otherTerm })).statusCode).toBe(404);
    expect((await (await as(other.users.parent.email)).post('/api/result-pins/unlock', { pin, studentId: t.student.id, termId: ids.second })).statusCode).toBe(
      404,
    );
    // staff never need a PIN: nothing is used up
    const staff = await (await as(t.users.admin.email)).post('/api/result-pins/unlock', { pin, studentId: t.student.id, termId: ids.second });
    expect(staff.json()).toEqual({ required: false, expiresAt: null, viewsLeft: null });
  });

  it('answers 404 with its message for a student or term that is not an id', async () => {
    const [pin] = await generate(1, 2);
    const student = await as(t.users.student.email);
    const cases = [
      [await student.post('/api/result-pins/unlock', { pin, studentId: 'me', termId: ids.second }), 'Student not found'],
      [await student.post('/api/result-pins/unlock', { pin, studentId: t.student.id, termId: 'second' }), 'Term not found'],
      [await student.get(`/api/result-pins/status?studentId=me&termId=${ids.second}`), 'Student not found'],
      [await student.get(`/api/result-pins/status?studentId=${t.student.id}&termId=second`), 'Term not found'],
    ] as const;
    for (const [res, message] of cases) {
      expect(res.statusCode, message).toBe(404);
      expect(res.json().message).toBe(message);
    }
  });

  it('binds a PIN to one student and counts its views until they run out', async () => {
    const [pin] = await generate(1, 2);
    const student = await as(t.users.student.email);
    const first = await student.post('/api/result-pins/unlock', {
      pin: `${pin.slice(0, 4)}-${pin.slice(4, 8)} ${pin.slice(8)}`,
      studentId: t.student.id,
      termId: ids.second,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ required: true, viewsLeft: 1 });
    await expect(requireResultAccess(app.db, { schoolId: t.school.id, studentId: t.student.id, termId: ids.second, user: user() })).resolves.toBeUndefined();
    // the unlock is for that term and that user only
    expect([...(await lockedTermIds(app.db, { schoolId: t.school.id, studentId: t.student.id, termIds: [ids.first, ids.second], user: user() }))]).toEqual([
      ids.first,
    ]);
    expect(
      (await lockedTermIds(app.db, { schoolId: t.school.id, studentId: t.student.id, termIds: [ids.second], user: { id: t.users.parent.id, role: 'parent' } }))
        .size,
    ).toBe(1);

    // the same PIN for the sibling (by their parent or the sibling themselves): refused
    const parent = await as(t.users.parent.email);
    const forSibling = await parent.post('/api/result-pins/unlock', { pin, studentId: ids.sibling, termId: ids.second });
    expect(forSibling.statusCode).toBe(400);
    expect(forSibling.json().errors.pin).toBe(PIN_OF_ANOTHER_STUDENT);
    const bySibling = await (await as(siblingUserEmail)).post('/api/result-pins/unlock', { pin, studentId: ids.sibling, termId: ids.second });
    expect(bySibling.json().errors.pin).toBe(PIN_OF_ANOTHER_STUDENT);

    // the parent uses the second view for the same child (first term)
    const second = await parent.post('/api/result-pins/unlock', { pin, studentId: t.student.id, termId: ids.first });
    expect(second.json()).toMatchObject({ viewsLeft: 0 });
    const third = await student.post('/api/result-pins/unlock', { pin, studentId: t.student.id, termId: ids.first });
    expect(third.statusCode).toBe(400);
    expect(third.json().errors.pin).toBe(PIN_USED_UP);

    const [{ n }] = await app.db
      .select({ n: count() })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'result_pin.used'), eq(schema.auditLog.schoolId, t.school.id)));
    expect(n).toBe(2);
    const batches = (await (await as(t.users.admin.email)).get('/api/result-pins/batches')).json().items;
    expect(batches[0].used).toBe(1);
    const pins = (await (await as(t.users.admin.email)).get(`/api/result-pins/batches/${batches[0].id}/pins`)).json().pins;
    expect(pins[0]).toMatchObject({ viewsUsed: 2, student: { id: t.student.id, name: 'Ada Obi' } });
  });

  it('stops a user after too many wrong PINs', async () => {
    const parent = await as(t.users.parent.email);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await parent.post('/api/result-pins/unlock', { pin: '111111111111', studentId: t.student.id, termId: ids.second })).statusCode;
    }
    expect(last).toBe(429);
  });
});

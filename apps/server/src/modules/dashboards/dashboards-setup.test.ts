/**
 * The set-up checklist (GET /api/dashboard/setup): a school just signed up for (no session, only its
 * administrator's staff record) has done nothing; each step ticks as the school does it through the
 * app; another school's administrator and another organisation's owner cannot read it.
 */
import { SETUP_STEPS } from '@school/shared/dashboards/types';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createStaff } from '../../test/factories';
import { createOrganisation, createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let schoolId: string;
let admin: TestClient;
let owner: TestClient;
let otherAdmin: TestClient;
let strangerOwner: TestClient;

const done = (body: { steps: { step: string; done: boolean }[] }) => body.steps.filter((s) => s.done).map((s) => s.step);

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.db;
  // a school as the sign-up leaves it: no session, its administrator's own staff record
  const organisation = await createOrganisation(db);
  const [school] = await db.insert(schema.schools).values({ organisationId: organisation.id, name: 'Fresh Academy', code: 'FRESH' }).returning();
  schoolId = school.id;
  const adminUser = await createUser(db, { organisationId: organisation.id, schoolId, role: 'admin' });
  // the staff record needs no session: only the school is read from the ref
  await createStaff(db, { school, session: { id: '' } }, { userId: adminUser.id, staffType: 'Admin', name: 'The Administrator' });
  const ownerUser = await createUser(db, { organisationId: organisation.id, schoolId: null, role: 'super_admin' });
  // a second school of the same organisation, with its own administrator
  const [second] = await db.insert(schema.schools).values({ organisationId: organisation.id, name: 'Second Academy', code: 'SECND' }).returning();
  const secondAdmin = await createUser(db, { organisationId: organisation.id, schoolId: second.id, role: 'admin' });
  const stranger = await createTenant(db);

  admin = await signedIn(adminUser.email);
  owner = await signedIn(ownerUser.email);
  otherAdmin = await signedIn(secondAdmin.email);
  strangerOwner = await signedIn(stranger.users.super_admin.email);
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/dashboard/setup', () => {
  it('shows a fresh school with every step to do, in order', async () => {
    const res = await admin.get('/api/dashboard/setup');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ schoolId, steps: SETUP_STEPS.map((step) => ({ step, done: false })), complete: false });
  });

  it('ticks the session once an Active session with its terms exists, then the classes once a class is added', async () => {
    const session = await admin.post('/api/settings/academic-sessions', { name: '2024/25', status: 'Active' });
    expect(session.statusCode).toBe(201);
    expect(done((await admin.get('/api/dashboard/setup')).json())).toEqual(['sessions']);

    const cls = await admin.post('/api/academics/classes', { level: 'JSS 1', arm: 'A' });
    expect(cls.statusCode).toBe(201);
    const res = await admin.get('/api/dashboard/setup');
    expect(done(res.json())).toEqual(['sessions', 'classes']);
    expect(res.json().complete).toBe(false);
  });

  it('ticks the subjects once a class takes one, and their teachers only once every subject of every class has one', async () => {
    const maths = await admin.post('/api/academics/subjects', { name: 'Mathematics', code: 'MTH' });
    expect(maths.statusCode).toBe(201);
    // taught in JSS 1 A with no teacher yet
    const assigned = await admin.post(`/api/academics/subjects/${maths.json().id}/levels`, { level: 'JSS 1' });
    expect(assigned.statusCode).toBe(200);
    expect(done((await admin.get('/api/dashboard/setup')).json())).toEqual(['sessions', 'classes', 'subjects']);

    const teacher = await admin.post('/api/staff', {
      name: 'Funmilayo Adeyemi',
      staffType: 'Teacher',
      email: `funmi.${schoolId.slice(0, 8)}@school.test`,
      phone: '0803 555 0202',
      gender: 'female',
      address: '12 Allen Avenue, Ikeja',
      employedOn: '2019-09-02',
    });
    expect(teacher.statusCode).toBe(201);
    const [classSubject] = (await admin.get('/api/academics/subjects')).json().items[0].classes;
    const changed = await admin.request({
      method: 'PATCH',
      url: `/api/academics/class-subjects/${classSubject.id}`,
      payload: { teacherId: teacher.json().staff.id },
    });
    expect(changed.statusCode).toBe(200);
    expect(done((await admin.get('/api/dashboard/setup')).json())).toEqual(['sessions', 'classes', 'subjects', 'staff', 'subjectTeachers']);

    // one more class taking it, its teacher not chosen yet: the step is to do again
    expect((await admin.post('/api/academics/classes', { level: 'JSS 2', arm: 'A' })).statusCode).toBe(201);
    expect((await admin.post(`/api/academics/subjects/${maths.json().id}/levels`, { level: 'JSS 2' })).statusCode).toBe(200);
    expect(done((await admin.get('/api/dashboard/setup')).json())).toEqual(['sessions', 'classes', 'subjects', 'staff']);
  });

  it('ticks grading once the result settings are saved', async () => {
    const current = await admin.get('/api/results/settings');
    expect(current.statusCode).toBe(200);
    const { schoolId: _id, ...settings } = current.json();
    expect((await admin.put('/api/results/settings', settings)).statusCode).toBe(200);
    expect(done((await admin.get('/api/dashboard/setup')).json())).toEqual(['sessions', 'classes', 'subjects', 'staff', 'grading']);
  });

  it('lets the owner read a school of the organisation, which they must name', async () => {
    const res = await owner.get(`/api/dashboard/setup?schoolId=${schoolId}`);
    expect(res.statusCode).toBe(200);
    expect(done(res.json())).toEqual(['sessions', 'classes', 'subjects', 'staff', 'grading']);

    const unnamed = await owner.get('/api/dashboard/setup');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe('Please select a school');
  });

  it('keeps the checklist from another school’s administrator and another organisation’s owner', async () => {
    const other = await otherAdmin.get(`/api/dashboard/setup?schoolId=${schoolId}`);
    expect(other.statusCode).toBe(404);
    // their own school is theirs to read, and it is not this one's
    const own = await otherAdmin.get('/api/dashboard/setup');
    expect(own.statusCode).toBe(200);
    expect(own.json().schoolId).not.toBe(schoolId);
    expect(done(own.json())).toEqual([]);

    expect((await strangerOwner.get(`/api/dashboard/setup?schoolId=${schoolId}`)).statusCode).toBe(404);
  });

  it('is not for teachers, students or parents', async () => {
    const tenant = await createTenant(app.db);
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const client = await signedIn(tenant.users[role].email);
      expect((await client.get('/api/dashboard/setup')).statusCode).toBe(403);
    }
  });
});

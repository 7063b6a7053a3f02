import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { usersWithEmail } from '../../test/factories';
import { createSchool, createTenant, createTestApp, createUser, TEST_PASSWORD, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let owner: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  owner = new TestClient(app);
  await owner.login(tenant.users.super_admin.email);
});
afterAll(async () => {
  await app.close();
});

const newSchool = {
  name: 'Greenfield Nursery and Primary',
  address: '4 Admiralty Way',
  city: 'Lekki',
  state: 'Lagos',
  email: 'lekki@greenfield.test',
  phone: '08031234567',
  schoolType: 'Primary',
};

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

async function latestMail(to: string) {
  const res = await owner.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return res.json().items[0] as { subject: string; body: string } | undefined;
}

/** The audit rows of a school about one entity. */
async function auditsOf(schoolId: string, entityId: string) {
  return app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.schoolId, schoolId), eq(schema.auditLog.entityId, entityId)))
    .orderBy(schema.auditLog.createdAt);
}

describe('GET /api/organisation/schools', () => {
  it('lists the organisation’s schools with figures, status and administrators', async () => {
    const res = await owner.get('/api/organisation/schools');
    expect(res.statusCode).toBe(200);
    const [school] = res.json().items;
    expect(school).toMatchObject({
      id: tenant.school.id,
      name: tenant.school.name,
      status: 'active',
      activeSession: '2023/24',
      students: 0,
      staff: 0,
      classes: 0,
      administrators: [{ id: tenant.users.admin.id, name: tenant.users.admin.name, email: tenant.users.admin.email, status: 'active' }],
    });
    expect(res.json().items.map((s: { id: string }) => s.id)).not.toContain(other.school.id);
  });

  it('answers 401 signed out and 403 to roles without the schools area', async () => {
    expect((await new TestClient(app).get('/api/organisation/schools')).statusCode).toBe(401);
    for (const role of ['admin', 'teacher', 'student', 'parent'] as const) {
      const client = await signedIn(tenant.users[role].email);
      expect((await client.get('/api/organisation/schools')).statusCode, role).toBe(403);
    }
  });
});

describe('POST /api/organisation/schools', () => {
  it('adds a school with a code of its own and audits it', async () => {
    const res = await owner.post('/api/organisation/schools', newSchool);
    expect(res.statusCode).toBe(201);
    const school = res.json();
    expect(school).toMatchObject({ ...newSchool, code: 'GNP', status: 'active', students: 0, staff: 0, classes: 0, administrators: [], activeSession: null });
    const again = await owner.post('/api/organisation/schools', { ...newSchool, name: 'Greenfield North Primary' });
    expect(again.json().code).toBe('GNP2');
    const [audit] = await auditsOf(school.id, school.id);
    expect(audit).toMatchObject({ action: 'school.created', organisationId: tenant.organisation.id, userId: tenant.users.super_admin.id });
    expect((await owner.get('/api/organisation/schools')).json().items).toHaveLength(3);
  });

  it('gives the spec’s messages', async () => {
    const res = await owner.post('/api/organisation/schools', { name: ' ', email: 'bad', schoolType: 'University' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'School name is required',
      address: 'School address is required',
      city: 'City is required',
      state: 'State is required',
      email: 'Invalid email address',
      phone: 'Phone number is required',
      schoolType: 'School type is required',
    });
  });

  it('answers 401 and 403', async () => {
    expect((await new TestClient(app).post('/api/organisation/schools', newSchool)).statusCode).toBe(401);
    const admin = await signedIn(tenant.users.admin.email);
    expect((await admin.post('/api/organisation/schools', newSchool)).statusCode).toBe(403);
  });
});

describe('PUT /api/organisation/schools/:schoolId/status', () => {
  it('deactivates a school: its users’ sessions stop, sign-in says why; re-activation lets them back', async () => {
    const { school } = await createSchool(app.db, tenant.organisation.id);
    const teacher = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: school.id, role: 'teacher' });
    const teacherClient = await signedIn(teacher.email);
    const bystander = await signedIn(tenant.users.admin.email);

    const res = await owner.put(`/api/organisation/schools/${school.id}/status`, { status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: school.id, status: 'inactive' });
    expect((await teacherClient.get('/api/auth/me')).statusCode).toBe(401);
    expect(await app.db.select().from(schema.authSessions).where(eq(schema.authSessions.userId, teacher.id))).toEqual([]);
    const refused = await new TestClient(app).post('/api/auth/login', { email: teacher.email, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/school has been deactivated/);
    // another school's users carry on
    expect((await bystander.get('/api/auth/me')).statusCode).toBe(200);
    const listed = (await owner.get('/api/organisation/schools')).json().items.find((s: { id: string }) => s.id === school.id);
    expect(listed.status).toBe('inactive');

    expect((await owner.put(`/api/organisation/schools/${school.id}/status`, { status: 'active' })).json().status).toBe('active');
    await signedIn(teacher.email);
    expect((await auditsOf(school.id, school.id)).map((a) => a.action)).toEqual(['school.deactivated', 'school.reactivated']);
  });

  it('answers 404 for another organisation’s school and for a malformed id', async () => {
    expect((await owner.put(`/api/organisation/schools/${other.school.id}/status`, { status: 'inactive' })).statusCode).toBe(404);
    expect((await owner.put('/api/organisation/schools/not-a-uuid/status', { status: 'inactive' })).statusCode).toBe(404);
    const [untouched] = await app.db.select().from(schema.schools).where(eq(schema.schools.id, other.school.id));
    expect(untouched.status).toBe('active');
  });

  it('gives a message for a bad status, 401 and 403', async () => {
    const bad = await owner.put(`/api/organisation/schools/${tenant.school.id}/status`, { status: 'closed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: 'Status must be active or inactive' });
    expect((await new TestClient(app).put(`/api/organisation/schools/${tenant.school.id}/status`, { status: 'inactive' })).statusCode).toBe(401);
    const teacher = await signedIn(tenant.users.teacher.email);
    expect((await teacher.put(`/api/organisation/schools/${tenant.school.id}/status`, { status: 'inactive' })).statusCode).toBe(403);
  });
});

describe('administrators', () => {
  it('appoints a new administrator: an invited account with a staff record, and an invitation mail', async () => {
    const res = await owner.post(`/api/organisation/schools/${tenant.school.id}/administrators`, { name: 'Mr. Musa Bello', email: 'musa.bello@example.test' });
    expect(res.statusCode).toBe(201);
    const admin = res.json();
    expect(admin).toMatchObject({ name: 'Mr. Musa Bello', email: 'musa.bello@example.test', status: 'invited' });
    const [user] = await app.db.select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(user).toMatchObject({ role: 'admin', schoolId: tenant.school.id, organisationId: tenant.organisation.id, passwordHash: null });
    const [staff] = await app.db
      .select()
      .from(schema.staff)
      .where(and(eq(schema.staff.schoolId, tenant.school.id), eq(schema.staff.userId, admin.id)));
    expect(staff).toMatchObject({ schoolId: tenant.school.id, staffType: 'Admin' });
    const mail = await latestMail('musa.bello@example.test');
    expect(mail?.body).toMatch(/invitation code is: \d{8}/);
    expect(mail?.body).toContain('/auth/register');
    expect((await auditsOf(tenant.school.id, admin.id)).map((a) => a.action)).toEqual(['school.administrator_appointed']);

    // the invitation turns into a working account
    const code = /code is: (\d+)/.exec(mail!.body)![1];
    const accepted = await new TestClient(app).post('/api/auth/register', {
      email: admin.email,
      code,
      password: 'new-admin-pass',
      confirmPassword: 'new-admin-pass',
    });
    expect(accepted.statusCode).toBe(200);
    const client = new TestClient(app);
    expect((await client.post('/api/auth/login', { email: admin.email, password: 'new-admin-pass' })).statusCode).toBe(200);
  });

  it('replaces an administrator: the old account is deactivated and signed out', async () => {
    const oldAdmin = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'admin' });
    const oldClient = await signedIn(oldAdmin.email);
    const res = await owner.post(`/api/organisation/schools/${tenant.school.id}/administrators`, {
      name: 'Mrs. Halima Sule',
      email: 'halima.sule@example.test',
      replacesUserId: oldAdmin.id,
    });
    expect(res.statusCode).toBe(201);
    expect((await oldClient.get('/api/auth/me')).statusCode).toBe(401);
    const [old] = await app.db.select().from(schema.users).where(eq(schema.users.id, oldAdmin.id));
    expect(old.status).toBe('disabled');
    expect((await auditsOf(tenant.school.id, oldAdmin.id)).map((a) => a.action)).toEqual(['school.administrator_replaced']);
    const listed = (await owner.get('/api/organisation/schools')).json().items.find((s: { id: string }) => s.id === tenant.school.id);
    expect(listed.administrators.find((a: { id: string }) => a.id === oldAdmin.id).status).toBe('disabled');
  });

  it('makes a teacher of the school its administrator', async () => {
    const teacher = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher' });
    const res = await owner.put(`/api/organisation/schools/${tenant.school.id}/administrators/${teacher.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: teacher.id, status: 'active' });
    const [user] = await app.db.select().from(schema.users).where(eq(schema.users.id, teacher.id));
    expect(user.role).toBe('admin');
    const client = await signedIn(teacher.email);
    expect((await client.get('/api/auth/me')).json().user.role).toBe('admin');
  });

  it('refuses to make a student, a parent or another school’s user administrator', async () => {
    const student = await owner.put(`/api/organisation/schools/${tenant.school.id}/administrators/${tenant.users.student.id}`, {});
    expect(student.statusCode).toBe(400);
    expect(student.json().errors).toEqual({ userId: 'Only a teacher of this school can be made its administrator' });
    const { school: sibling } = await createSchool(app.db, tenant.organisation.id);
    const elsewhere = await owner.put(`/api/organisation/schools/${sibling.id}/administrators/${tenant.users.teacher.id}`, {});
    expect(elsewhere.statusCode).toBe(404);
    const otherOrg = await owner.put(`/api/organisation/schools/${tenant.school.id}/administrators/${other.users.teacher.id}`, {});
    expect(otherOrg.statusCode).toBe(404);
  });

  it('answers 404 for another organisation’s school or administrator, and 409 for a used email', async () => {
    const foreign = await owner.post(`/api/organisation/schools/${other.school.id}/administrators`, { name: 'X Y', email: 'xy@example.test' });
    expect(foreign.statusCode).toBe(404);
    const foreignReplaced = await owner.post(`/api/organisation/schools/${tenant.school.id}/administrators`, {
      name: 'X Y',
      email: 'xy@example.test',
      replacesUserId: other.users.admin.id,
    });
    expect(foreignReplaced.statusCode).toBe(404);
    const notAnId = await owner.post(`/api/organisation/schools/${tenant.school.id}/administrators`, {
      name: 'X Y',
      email: 'xy@example.test',
      replacesUserId: 'x',
    });
    expect([notAnId.statusCode, notAnId.json().message]).toEqual([404, foreignReplaced.json().message]);
    expect(await usersWithEmail(app.db, 'xy@example.test')).toEqual([]);
    const taken = await owner.post(`/api/organisation/schools/${tenant.school.id}/administrators`, { name: 'X Y', email: tenant.users.parent.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'An account with this email already exists' });
  });

  it('gives the messages, 401 and 403', async () => {
    const res = await owner.post(`/api/organisation/schools/${tenant.school.id}/administrators`, {});
    expect(res.json().errors).toEqual({ name: 'Name is required', email: 'Email is required' });
    expect((await new TestClient(app).post(`/api/organisation/schools/${tenant.school.id}/administrators`, {})).statusCode).toBe(401);
    const admin = await signedIn(tenant.users.admin.email);
    expect((await admin.post(`/api/organisation/schools/${tenant.school.id}/administrators`, { name: 'A B', email: 'ab@example.test' })).statusCode).toBe(403);
    expect((await admin.put(`/api/organisation/schools/${tenant.school.id}/administrators/${tenant.users.teacher.id}`, {})).statusCode).toBe(403);
    const stillTeacher = await app.db
      .select()
      .from(schema.users)
      .where(and(eq(schema.users.id, tenant.users.teacher.id), eq(schema.users.role, 'teacher')));
    expect(stillTeacher).toHaveLength(1);
  });
});

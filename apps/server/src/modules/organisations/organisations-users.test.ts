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

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

const person = (overrides: Record<string, unknown> = {}) => ({
  name: 'Tunde Bakare',
  email: `tunde-${Math.random().toString(36).slice(2)}@example.test`,
  phone: '08031234567',
  userType: 'teacher',
  gender: 'Male',
  dob: '1990-04-02',
  address: '1 Broad Street, Lagos',
  contactPerson: 'Kemi Bakare',
  relationship: 'sister',
  institution: 'University of Lagos',
  institutionAddress: 'Akoka, Yaba',
  attendedClasses: 'B.Ed English',
  lastAttendedEducation: 'University',
  class: 'JSS 1',
  originState: 'Ogun',
  schoolType: 'Secondary',
  schoolId: tenant.school.id,
  ...overrides,
});

describe('GET /api/organisation/users', () => {
  let sibling: Awaited<ReturnType<typeof createSchool>>;

  beforeAll(async () => {
    sibling = await createSchool(app.db, tenant.organisation.id, { name: 'Sibling School' });
    for (let i = 0; i < 12; i++) {
      await createUser(app.db, {
        organisationId: tenant.organisation.id,
        schoolId: sibling.school.id,
        role: 'teacher',
        name: `Zainab Teacher ${String(i).padStart(2, '0')}`,
      });
    }
  });

  it('pages through the organisation’s users, with name, email, role, school and status', async () => {
    const first = await owner.get('/api/organisation/users?page=1&pageSize=10');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: 10 });
    expect(body.total).toBe(17);
    expect(body.items).toHaveLength(10);
    const admin = body.items.find((u: { id: string }) => u.id === tenant.users.admin.id);
    expect(admin).toMatchObject({
      name: tenant.users.admin.name,
      email: tenant.users.admin.email,
      role: 'admin',
      schoolId: tenant.school.id,
      schoolName: tenant.school.name,
      status: 'active',
    });
    const second = (await owner.get('/api/organisation/users?page=2&pageSize=10')).json();
    expect(second.items).toHaveLength(7);
    const ids = new Set([...body.items, ...second.items].map((u: { id: string }) => u.id));
    expect(ids.size).toBe(17);
    expect(ids.has(other.users.admin.id)).toBe(false);
    expect(first.body).not.toContain('passwordHash');
  });

  it('filters by role, school and a search of name or email', async () => {
    const teachers = (await owner.get('/api/organisation/users?role=teacher&pageSize=30')).json();
    expect(teachers.total).toBe(13);
    expect(teachers.items.every((u: { role: string }) => u.role === 'teacher')).toBe(true);
    const supers = (await owner.get('/api/organisation/users?role=super_admin')).json();
    expect(supers.items.map((u: { id: string }) => u.id)).toEqual([tenant.users.super_admin.id]);
    const search = (await owner.get(`/api/organisation/users?search=${encodeURIComponent('zainab teacher 1')}`)).json();
    expect(search.total).toBe(2);
    const byEmail = (await owner.get(`/api/organisation/users?search=${encodeURIComponent(tenant.users.parent.email.toUpperCase())}`)).json();
    expect(byEmail.items.map((u: { id: string }) => u.id)).toEqual([tenant.users.parent.id]);
    const wildcard = (await owner.get('/api/organisation/users?search=%25')).json();
    expect(wildcard.total).toBe(0);
    const bySchool = (await owner.get(`/api/organisation/users?schoolId=${sibling.school.id}`)).json();
    expect(bySchool.total).toBe(12);
  });

  it('answers 404 for another organisation’s school and 400 for a bad page size', async () => {
    expect((await owner.get(`/api/organisation/users?schoolId=${other.school.id}`)).statusCode).toBe(404);
    const bad = await owner.get('/api/organisation/users?pageSize=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ pageSize: 'Page size must be one of 10, 15, 20, 25, 30' });
    expect((await owner.get('/api/organisation/users?role=janitor')).statusCode).toBe(400);
  });

  it('answers 404 with its message for a school filter that is not an id', async () => {
    const res = await owner.get('/api/organisation/users?schoolId=nope');
    expect([res.statusCode, res.json().message]).toEqual([404, 'School not found']);
  });

  it('answers 401 and 403', async () => {
    expect((await new TestClient(app).get('/api/organisation/users')).statusCode).toBe(401);
    for (const role of ['admin', 'teacher', 'student', 'parent'] as const) {
      expect((await (await signedIn(tenant.users[role].email)).get('/api/organisation/users')).statusCode, role).toBe(403);
    }
  });
});

describe('POST /api/organisation/users', () => {
  it('creates an invited teacher with a staff record and profile, and mails the invitation', async () => {
    const body = person();
    const res = await owner.post('/api/organisation/users', body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      name: 'Tunde Bakare',
      email: body.email,
      role: 'teacher',
      status: 'invited',
      schoolId: tenant.school.id,
      schoolName: tenant.school.name,
    });
    const [staff] = await app.db
      .select()
      .from(schema.staff)
      .where(and(eq(schema.staff.schoolId, tenant.school.id), eq(schema.staff.userId, user.id)));
    expect(staff).toMatchObject({ staffType: 'Teacher', gender: 'male', schoolId: tenant.school.id });
    const [profile] = await app.db.select().from(schema.userProfiles).where(eq(schema.userProfiles.userId, user.id));
    expect(profile.details).toMatchObject({
      dob: '1990-04-02',
      institution: 'University of Lagos',
      relationship: 'sister',
      class: 'JSS 1',
      originState: 'Ogun',
    });
    const mail = (await owner.get(`/api/dev/outbox?to=${encodeURIComponent(body.email)}`)).json().items[0];
    expect(mail.body).toMatch(/invitation code is: \d{8}/);
    const [audit] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, tenant.school.id), eq(schema.auditLog.entityId, user.id), eq(schema.auditLog.action, 'user.created')));
    expect(audit.userId).toBe(tenant.users.super_admin.id);
    // an invited user cannot sign in before accepting
    expect((await new TestClient(app).post('/api/auth/login', { email: body.email, password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  it('gives a student a student record with the next registration number, so their area works', async () => {
    const first = await owner.post('/api/organisation/users', person({ name: 'Chioma Grace Eze', userType: 'student', gender: 'female' }));
    const second = await owner.post('/api/organisation/users', person({ name: 'Ibrahim Musa', userType: 'student' }));
    expect(first.statusCode).toBe(201);
    const [a] = await app.db
      .select()
      .from(schema.students)
      .where(and(eq(schema.students.schoolId, tenant.school.id), eq(schema.students.userId, first.json().id)));
    expect(second.statusCode, second.body).toBe(201);
    const [b] = await app.db
      .select()
      .from(schema.students)
      .where(and(eq(schema.students.schoolId, tenant.school.id), eq(schema.students.userId, second.json().id)));
    const year = new Date().getUTCFullYear();
    expect(a).toMatchObject({
      firstName: 'Chioma Grace',
      lastName: 'Eze',
      gender: 'female',
      dateOfBirth: '1990-04-02',
      stateOfOrigin: 'Ogun',
      registrationNo: `${tenant.school.code}/${year}/0001`,
    });
    expect(b.registrationNo).toBe(`${tenant.school.code}/${year}/0002`);
  });

  it('gives a parent a guardian record and a super administrator no school', async () => {
    const parent = (await owner.post('/api/organisation/users', person({ userType: 'parent', relationship: 'Mother' }))).json();
    const [guardian] = await app.db
      .select()
      .from(schema.guardians)
      .where(and(eq(schema.guardians.schoolId, tenant.school.id), eq(schema.guardians.userId, parent.id)));
    expect(guardian).toMatchObject({ relationship: 'mother', schoolId: tenant.school.id });
    const sa = await owner.post('/api/organisation/users', person({ userType: 'super_admin', schoolId: '' }));
    expect(sa.statusCode).toBe(201);
    expect(sa.json()).toMatchObject({ role: 'super_admin', schoolId: null });
  });

  it('gives the create-user messages', async () => {
    const res = await owner.post('/api/organisation/users', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      userType: 'User type is required',
      gender: 'Gender is required',
      dob: 'Date of Birth is required',
      address: 'Address is required',
      contactPerson: 'Contact person is required',
      relationship: 'Relationship is required',
      institution: 'Institution is required',
      institutionAddress: 'Institution address is required',
      attendedClasses: 'Class attended is required',
      lastAttendedEducation: 'Last attended education is required',
      class: 'Class is required',
      originState: 'State of origin is required',
      schoolType: 'School type is required',
      schoolId: 'School is required',
    });
    const bad = await owner.post('/api/organisation/users', person({ dob: '2990-01-01', code: 'x1' }));
    expect(bad.json().errors).toEqual({ dob: 'Invalid DOB', code: 'Code must be a number' });
  });

  it('answers 409 for a used email and 404 for another organisation’s school, writing nothing', async () => {
    const taken = await owner.post('/api/organisation/users', person({ email: tenant.users.teacher.email }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'An account with this email already exists' });
    const body = person({ schoolId: other.school.id });
    expect((await owner.post('/api/organisation/users', body)).statusCode).toBe(404);
    expect((await owner.post('/api/organisation/users', person({ schoolId: 'nope' }))).statusCode).toBe(404);
    expect(await usersWithEmail(app.db, body.email)).toEqual([]);
  });

  it('answers 401 and 403', async () => {
    expect((await new TestClient(app).post('/api/organisation/users', person())).statusCode).toBe(401);
    expect((await (await signedIn(tenant.users.admin.email)).post('/api/organisation/users', person())).statusCode).toBe(403);
  });
});

describe('user status and invitations', () => {
  it('deactivates a user (sessions end, sign-in refused) and re-activates them', async () => {
    const teacher = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher' });
    const client = await signedIn(teacher.email);
    const off = await owner.put(`/api/organisation/users/${teacher.id}/status`, { status: 'disabled' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: teacher.id, status: 'disabled', schoolName: tenant.school.name });
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const refused = await new TestClient(app).post('/api/auth/login', { email: teacher.email, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/disabled/);
    const on = await owner.put(`/api/organisation/users/${teacher.id}/status`, { status: 'active' });
    expect(on.json().status).toBe('active');
    await signedIn(teacher.email);
    const audits = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, tenant.school.id), eq(schema.auditLog.entityId, teacher.id)))
      .orderBy(schema.auditLog.createdAt);
    expect(audits.map((a) => a.action)).toEqual(['user.deactivated', 'user.reactivated']);
    // never deleted
    expect(await app.db.select().from(schema.users).where(eq(schema.users.id, teacher.id))).toHaveLength(1);
  });

  it('puts a re-activated user without a password back to invited, and can re-send their invitation', async () => {
    const created = (await owner.post('/api/organisation/users', person())).json();
    await owner.put(`/api/organisation/users/${created.id}/status`, { status: 'disabled' });
    const back = await owner.put(`/api/organisation/users/${created.id}/status`, { status: 'active' });
    expect(back.json().status).toBe('invited');
    const resent = await owner.post(`/api/organisation/users/${created.id}/invitation`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: 'Invitation sent' });
    const mails = (await owner.get(`/api/dev/outbox?to=${encodeURIComponent(created.email)}`)).json().items;
    expect(mails).toHaveLength(2);
    const notInvited = await owner.post(`/api/organisation/users/${tenant.users.teacher.id}/invitation`);
    expect(notInvited.statusCode).toBe(400);
  });

  it('refuses to deactivate your own account', async () => {
    const self = await owner.put(`/api/organisation/users/${tenant.users.super_admin.id}/status`, { status: 'disabled' });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual({ status: 'You cannot deactivate your own account' });
  });

  it('answers 404 across organisations, 400 for a bad status, 401 and 403', async () => {
    expect((await owner.put(`/api/organisation/users/${other.users.teacher.id}/status`, { status: 'disabled' })).statusCode).toBe(404);
    expect((await owner.post(`/api/organisation/users/${other.users.teacher.id}/invitation`)).statusCode).toBe(404);
    const [untouched] = await app.db.select().from(schema.users).where(eq(schema.users.id, other.users.teacher.id));
    expect(untouched.status).toBe('active');
    const bad = await owner.put(`/api/organisation/users/${tenant.users.teacher.id}/status`, { status: 'gone' });
    expect(bad.json().errors).toEqual({ status: 'Status must be active or disabled' });
    expect((await new TestClient(app).put(`/api/organisation/users/${tenant.users.teacher.id}/status`, { status: 'disabled' })).statusCode).toBe(401);
    const admin = await signedIn(tenant.users.admin.email);
    expect((await admin.put(`/api/organisation/users/${tenant.users.teacher.id}/status`, { status: 'disabled' })).statusCode).toBe(403);
  });
});

import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import { DEFAULT_SECURITY_SETTINGS } from '@school/shared/settings/security-defaults';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { accountIdByEmail, claimEmail } from '../../lib/accounts';
import { createClass, createStaff, createStudent } from '../../test/factories';
import { createSchool, createTenant, createTestApp, createUser, TEST_PASSWORD, TestClient } from '../../test/test-app';
import { isEmailUniqueViolation } from './organisations.common';
import { listOrganisations, reactivateOrganisation, schoolCodeBase, suspendOrganisation, uniqueSchoolCode } from './organisations.service';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let ipCounter = 0;
/** Each registration test comes from its own address, so the per-IP limit does not interfere. */
const nextIp = () => `10.1.0.${++ipCounter}`;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
});
afterAll(async () => {
  await app.close();
});

const registration = (overrides: Record<string, unknown> = {}) => ({
  schoolName: 'Bright Future Academy',
  address: '12 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
  email: 'info@brightfuture.test',
  phone: '0803 123 4567',
  schoolType: 'Secondary',
  adminEmail: `owner-${Math.random().toString(36).slice(2)}@brightfuture.test`,
  adminPassword: 'proprietor-1',
  adminName: 'Chief Emeka Obi',
  ...overrides,
});

function register(client: TestClient, body: unknown, ip = nextIp()) {
  return client.request({ method: 'POST', url: '/api/auth/school-register', payload: body as object, remoteAddress: ip });
}

/** Staff, classes and enrolled students for a school's Active session. */
async function fillSchool(schoolId: string, sessionId: string, figures: { students: number; withdrawn?: number; staff: number; classes: number }) {
  const db = app.db;
  const at = { school: { id: schoolId }, session: { id: sessionId } };
  const classRows: Array<{ id: string }> = [];
  for (let i = 0; i < figures.classes; i++) classRows.push(await createClass(db, at, { level: 'JSS 1', arm: `Arm ${i}` }));
  for (let i = 0; i < figures.staff; i++) await createStaff(db, at, { name: `Teacher ${i}` });
  await createStaff(db, at, { staffType: 'Gateman', name: 'Former gateman', status: 'inactive' });
  const total = figures.students + (figures.withdrawn ?? 0);
  for (let i = 0; i < total; i++) {
    const status = i < figures.students ? 'active' : 'withdrawn';
    const classId = classRows[i % classRows.length].id;
    const registrationNo = `T/${sessionId.slice(0, 8)}/${i}`;
    await createStudent(db, at, { registrationNo, firstName: `Student${i}`, lastName: 'Test', gender: 'female', status, classId });
  }
}

describe('POST /api/auth/school-register', () => {
  it('creates the organisation, its school, matrix, settings and owner in one go, and signs the owner in', async () => {
    const client = new TestClient(app);
    const body = registration();
    const res = await register(client, body);
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({
      name: 'Chief Emeka Obi',
      email: body.adminEmail,
      role: 'super_admin',
      schoolId: null,
      organisationName: 'Bright Future Academy',
    });
    expect(res.body).not.toContain('passwordHash');

    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);

    const [school] = await app.db.select().from(schema.schools).where(eq(schema.schools.organisationId, user.organisationId));
    expect(school).toMatchObject({
      name: 'Bright Future Academy',
      code: 'BFA',
      city: 'Ikeja',
      state: 'Lagos',
      phone: '08031234567',
      schoolType: 'Secondary',
      status: 'active',
    });
    const [matrix] = await app.db.select().from(schema.permissionMatrices).where(eq(schema.permissionMatrices.organisationId, user.organisationId));
    expect(matrix.matrix).toMatchObject(DEFAULT_PERMISSION_MATRIX);
    const [settings] = await app.db.select().from(schema.organisationSettings).where(eq(schema.organisationSettings.organisationId, user.organisationId));
    expect(settings.settings).toEqual(DEFAULT_SECURITY_SETTINGS);
    const [owner] = await app.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(owner.passwordHash).toMatch(/^\$argon2id\$/);
    const audits = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.organisationId, user.organisationId), eq(schema.auditLog.schoolId, school.id)));
    expect(audits.map((a) => a.action)).toEqual(['organisation.registered']);

    // the owner can come back with the password chosen
    await new TestClient(app).login(body.adminEmail, body.adminPassword);
    // and reaches their organisation's screens
    const overview = await client.get('/api/organisation/overview');
    expect(overview.json().schools).toHaveLength(1);
  });

  it('names the owner "Proprietor" when no name is given', async () => {
    const res = await register(new TestClient(app), registration({ adminName: '' }));
    expect(res.json().user.name).toBe('Proprietor');
  });

  it('answers 409 on the admin email field when the email is taken, writing nothing', async () => {
    const before = (await app.db.select().from(schema.organisations)).length;
    const res = await register(new TestClient(app), registration({ adminEmail: tenant.users.teacher.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'An account with this email already exists',
      errors: { adminEmail: 'An account with this email already exists' },
    });
    expect((await app.db.select().from(schema.organisations)).length).toBe(before);
  });

  it('gives the spec’s messages for missing fields', async () => {
    const res = await register(new TestClient(app), {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      schoolName: 'School name is required',
      address: 'School address is required',
      city: 'City is required',
      state: 'State is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      schoolType: 'School type is required',
      adminEmail: 'Super admin email is required',
      adminPassword: 'Super admin password is required',
    });
    const short = await register(new TestClient(app), registration({ adminPassword: 'short', phone: '12', state: 'Texas' }));
    expect(short.json().errors).toEqual({ adminPassword: 'Password must be at least 8 characters', phone: 'Invalid phone number', state: 'State is required' });
  });

  it('limits registrations per IP address', async () => {
    const ip = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await register(new TestClient(app), registration(), ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await register(new TestClient(app), registration(), ip);
    expect(refused.json().message).toBe('Too many school registrations from this address. Please try again later.');
  });

  it('needs the CSRF header like every write', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/school-register', payload: registration() });
    expect(res.statusCode).toBe(403);
  });
});

describe('school codes', () => {
  it('takes the initials of the name, or three letters of a one-word name', () => {
    expect(schoolCodeBase('Bright Future Academy')).toBe('BFA');
    expect(schoolCodeBase("St. Mary's College of the Arts")).toBe('SMCA');
    expect(schoolCodeBase('Greenfield')).toBe('GRE');
    expect(schoolCodeBase('A')).toBe('ASC');
  });

  it('adds the first free number when the code is taken in the organisation', () => {
    expect(uniqueSchoolCode('Greenfield Academy', ['GA'])).toBe('GA2');
    expect(uniqueSchoolCode('Greenfield Academy', ['GA', 'ga2'])).toBe('GA3');
    expect(uniqueSchoolCode('Greenfield Academy', ['GNP'])).toBe('GA');
  });
});

describe('GET /api/organisation/overview', () => {
  let org: Awaited<ReturnType<typeof createTenant>>;
  let second: Awaited<ReturnType<typeof createSchool>>;

  beforeAll(async () => {
    org = await createTenant(app.db);
    await fillSchool(org.school.id, org.session.id, { students: 5, withdrawn: 2, staff: 3, classes: 2 });
    second = await createSchool(app.db, org.organisation.id, { name: 'Second Branch' });
    await fillSchool(second.school.id, second.session.id, { students: 2, staff: 1, classes: 1 });
    // a past session's classes and enrolments do not count
    const [past] = await app.db
      .select()
      .from(schema.academicSessions)
      .where(and(eq(schema.academicSessions.schoolId, second.school.id), eq(schema.academicSessions.status, 'Inactive')));
    await fillSchool(second.school.id, past.id, { students: 4, staff: 0, classes: 3 });
    // this term's marks in the first school: 8 present + 1 late of 10 (90.0%), and an older term's that do not count
    const [student] = await app.db.select().from(schema.students).where(eq(schema.students.schoolId, org.school.id)).limit(1);
    const [cls] = await app.db.select().from(schema.classes).where(eq(schema.classes.schoolId, org.school.id)).limit(1);
    const sessionTerms = await app.db
      .select()
      .from(schema.terms)
      .where(and(eq(schema.terms.schoolId, org.school.id), eq(schema.terms.academicSessionId, org.session.id)));
    const current = sessionTerms.find((t) => t.isCurrent)!;
    const older = sessionTerms.find((t) => t.name === 'First')!;
    await app.db.insert(schema.attendanceTermTotals).values([
      { schoolId: org.school.id, termId: current.id, studentId: student.id, classId: cls.id, present: 8, late: 1, absent: 1, excused: 0 },
      { schoolId: org.school.id, termId: older.id, studentId: student.id, classId: cls.id, present: 0, late: 0, absent: 5, excused: 0 },
    ]);
  });

  it('gives the super administrator every school’s figures and the totals', async () => {
    const client = new TestClient(app);
    await client.login(org.users.super_admin.email);
    const res = await client.get('/api/organisation/overview');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organisationName).toBe(org.organisation.name);
    expect(body.schools).toEqual([
      {
        id: org.school.id,
        name: org.school.name,
        code: org.school.code,
        status: 'active',
        activeSession: '2023/24',
        students: 5,
        staff: 3,
        classes: 2,
        feesCollectedKobo: 0,
        attendanceRate: 90,
      },
      {
        id: second.school.id,
        name: 'Second Branch',
        code: second.school.code,
        status: 'active',
        activeSession: '2023/24',
        students: 2,
        staff: 1,
        classes: 1,
        feesCollectedKobo: 0,
        attendanceRate: null,
      },
    ]);
    expect(body.totals).toEqual({ schools: 2, activeSchools: 2, students: 7, staff: 4, classes: 3, feesCollectedKobo: 0, attendanceRate: 90 });
  });

  it('gives an administrator their own school only', async () => {
    const client = new TestClient(app);
    await client.login(org.users.admin.email);
    const body = (await client.get('/api/organisation/overview')).json();
    expect(body.schools.map((s: { id: string }) => s.id)).toEqual([org.school.id]);
    expect(body.totals).toMatchObject({ schools: 1, students: 5 });
  });

  it('shows nothing of another organisation', async () => {
    const client = new TestClient(app);
    await client.login(tenant.users.super_admin.email);
    const body = (await client.get('/api/organisation/overview')).json();
    expect(body.schools.map((s: { id: string }) => s.id)).toEqual([tenant.school.id]);
  });

  it('answers 401 when signed out', async () => {
    expect((await new TestClient(app).get('/api/organisation/overview')).statusCode).toBe(401);
  });

  it('answers 403 when the matrix takes the dashboard away', async () => {
    const other = await createTenant(app.db);
    const matrix = JSON.parse(JSON.stringify(DEFAULT_PERMISSION_MATRIX));
    matrix.teacher.dashboard.view = false;
    await app.db.update(schema.permissionMatrices).set({ matrix }).where(eq(schema.permissionMatrices.organisationId, other.organisation.id));
    const client = new TestClient(app);
    await client.login(other.users.teacher.email);
    expect((await client.get('/api/organisation/overview')).statusCode).toBe(403);
  });
});

describe('GET /api/auth/permissions', () => {
  it('gives the signed-in user their row of the matrix', async () => {
    const client = new TestClient(app);
    await client.login(tenant.users.teacher.email);
    const res = await client.get('/api/auth/permissions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'teacher', grants: DEFAULT_PERMISSION_MATRIX.teacher });
  });

  it('answers 401 when signed out', async () => {
    expect((await new TestClient(app).get('/api/auth/permissions')).statusCode).toBe(401);
  });
});

describe('own profile', () => {
  it('reads and changes name and phone without a password', async () => {
    const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: null, role: 'super_admin' });
    const client = new TestClient(app);
    await client.login(user.email);
    expect((await client.get('/api/me/profile')).json()).toEqual({ name: user.name, email: user.email, phone: null });
    const res = await client.put('/api/me/profile', { name: 'Mrs. Ngozi Eze', email: user.email, phone: '0803 000 1111' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Mrs. Ngozi Eze', email: user.email, phone: '08030001111' });
    expect((await client.get('/api/auth/me')).json().user.name).toBe('Mrs. Ngozi Eze');
    const [audit] = await app.db
      .select()
      .from(schema.organisationAuditLog) // a super administrator's own profile: the organisation's entry (ADR 0026)
      .where(
        and(
          eq(schema.organisationAuditLog.organisationId, user.organisationId),
          eq(schema.organisationAuditLog.entityId, user.id),
          eq(schema.organisationAuditLog.action, 'user.profile_updated'),
        ),
      );
    expect(audit.before).toMatchObject({ name: user.name });
  });

  it('changes the email only with the right current password, and keeps emails unique', async () => {
    const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'admin' });
    const client = new TestClient(app);
    await client.login(user.email);
    const newEmail = `new-${user.email}`;
    const missing = await client.put('/api/me/profile', { name: user.name, email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ currentPassword: 'Current password is required' });
    const wrong = await client.put('/api/me/profile', { name: user.name, email: newEmail, currentPassword: 'not-it-at-all' });
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });
    const taken = await client.put('/api/me/profile', { name: user.name, email: tenant.users.teacher.email, currentPassword: TEST_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'An account with this email already exists' });
    const ok = await client.put('/api/me/profile', { name: user.name, email: newEmail, currentPassword: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    await new TestClient(app).login(newEmail);
    expect(await accountIdByEmail(app.db, newEmail)).toBe(user.id);
    expect(await accountIdByEmail(app.db, user.email)).toBeNull();
    expect((await new TestClient(app).post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  it('knows the database refusing an address another account has (the key of user_emails) from other errors', async () => {
    const error = await app.db
      .transaction((tx) => claimEmail(tx, tenant.users.admin.id, tenant.users.teacher.email.toUpperCase()))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isEmailUniqueViolation(error)).toBe(true);
    expect(isEmailUniqueViolation(new Error('duplicate key'))).toBe(false);
    expect(await accountIdByEmail(app.db, tenant.users.teacher.email)).toBe(tenant.users.teacher.id);
  });

  it('gives the spec’s messages and needs a signed-in user', async () => {
    const client = new TestClient(app);
    expect((await client.get('/api/me/profile')).statusCode).toBe(401);
    expect((await client.put('/api/me/profile', {})).statusCode).toBe(401);
    await client.login(tenant.users.parent.email);
    const res = await client.put('/api/me/profile', { name: ' ', email: 'nope', phone: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'Name is required', email: 'Invalid email address', phone: 'Invalid phone number' });
  });
});

describe('operator', () => {
  it('lists organisations with their schools and users', async () => {
    const rows = await listOrganisations(app.db);
    const row = rows.find((r) => r.id === tenant.organisation.id);
    expect(row).toMatchObject({ name: tenant.organisation.name, status: 'active', schools: 1 });
    expect(row!.users).toBeGreaterThanOrEqual(5);
  });

  it('suspends an organisation: sessions stop, sign-in says why, and re-activation restores it', async () => {
    const other = await createTenant(app.db);
    const admin = new TestClient(app);
    await admin.login(other.users.admin.email);
    const owner = new TestClient(app);
    await owner.login(other.users.super_admin.email);

    await suspendOrganisation(app.db, other.organisation.id, 'Subscription unpaid');
    expect((await admin.get('/api/auth/me')).statusCode).toBe(401);
    expect((await owner.get('/api/organisation/overview')).statusCode).toBe(401);
    const sessions = await app.db.select().from(schema.authSessions).where(eq(schema.authSessions.userId, other.users.admin.id));
    expect(sessions).toEqual([]);
    const refused = await new TestClient(app).post('/api/auth/login', { email: other.users.admin.email, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/suspended/);
    const [organisation] = await app.db.select().from(schema.organisations).where(eq(schema.organisations.id, other.organisation.id));
    expect(organisation).toMatchObject({ status: 'suspended', suspendedReason: 'Subscription unpaid' });
    // the other organisation is untouched
    expect((await new TestClient(app).post('/api/auth/login', { email: tenant.users.admin.email, password: TEST_PASSWORD })).statusCode).toBe(200);

    await reactivateOrganisation(app.db, other.organisation.id);
    await new TestClient(app).login(other.users.admin.email);
    const audits = await app.db.select().from(schema.organisationAuditLog).where(eq(schema.organisationAuditLog.organisationId, other.organisation.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['operator.organisation_suspended', 'operator.organisation_reactivated']));
  });

  it('refuses an unknown organisation and a missing reason', async () => {
    await expect(suspendOrganisation(app.db, 'not-an-id', 'x')).rejects.toThrow(/No organisation/);
    await expect(suspendOrganisation(app.db, tenant.organisation.id, '  ')).rejects.toThrow(/reason is required/);
    await expect(reactivateOrganisation(app.db, '6f1c2f0e-1111-4a4a-9b9b-000000000999')).rejects.toThrow(/No organisation/);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PERMISSION_MATRIX, LOCKED_GRANTS, type PermissionMatrix } from '@school/shared/auth/permissions';
import { okResponse } from '@school/shared/http';
import { DEFAULT_SECURITY_SETTINGS } from '@school/shared/settings/security-defaults';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { buildApp } from '../../app';
import { createTenant, createUser, freshDatabase, TEST_PASSWORD, TestClient } from '../../test/test-app';
import { matrixRoute } from '../../policies/policy';

let app: FastifyInstance;
const PROBE = '/api/test/students-probe';

beforeAll(async () => {
  // the test app plus one route of the students area, so the matrix check does not depend on
  // which students routes other modules have registered
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-uploads-'));
  app = await buildApp({ database: await freshDatabase(), serveWeb: false, config: { logLevel: 'silent', exposeOutbox: true, uploadsDir } });
  app.get(PROBE, { config: { policy: matrixRoute('test.probe', 'students', 'view') }, schema: { response: { 200: okResponse } } }, async () => ({
    ok: true as const,
  }));
  app.addHook('onClose', async () => fs.rmSync(uploadsDir, { recursive: true, force: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

async function signedIn(email: string, password = TEST_PASSWORD) {
  const client = new TestClient(app);
  await client.login(email, password);
  return client;
}

const copy = (matrix: PermissionMatrix): PermissionMatrix => JSON.parse(JSON.stringify(matrix));

/** The organisation's own audit entries of an action (its settings: no school, ADR 0026). */
function orgAudits(organisationId: string, action: string) {
  return app.db
    .select()
    .from(schema.organisationAuditLog)
    .where(and(eq(schema.organisationAuditLog.organisationId, organisationId), eq(schema.organisationAuditLog.action, action)));
}

describe('permission matrix', () => {
  it('reads the matrix, the named roles and the grants that cannot be removed', async () => {
    const tenant = await createTenant(app.db);
    const owner = await signedIn(tenant.users.super_admin.email);
    const res = await owner.get('/api/organisation/permissions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ matrix: DEFAULT_PERMISSION_MATRIX, customRoles: [], lockedGrants: LOCKED_GRANTS });
  });

  it('applies a change at once: a teacher without Students view gets 403 on the next request', async () => {
    const tenant = await createTenant(app.db);
    const owner = await signedIn(tenant.users.super_admin.email);
    const teacher = await signedIn(tenant.users.teacher.email);
    expect((await teacher.get('/api/auth/permissions')).json().grants.students.view).toBe(true);
    expect((await teacher.get(PROBE)).statusCode).toBe(200);

    const matrix = copy(DEFAULT_PERMISSION_MATRIX);
    matrix.teacher.students.view = false;
    matrix.teacher.dashboard.view = false;
    const res = await owner.put('/api/organisation/permissions', { matrix });
    expect(res.statusCode).toBe(200);
    expect(res.json().matrix.teacher.students.view).toBe(false);

    // the same session, no sign-in again
    expect((await teacher.get('/api/auth/permissions')).json().grants.students).toEqual({ add: false, edit: false, delete: false, view: false });
    const denied = await teacher.get(PROBE);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have permission to do this');
    expect((await teacher.get('/api/academic-sessions')).statusCode).toBe(403);
    // and so does every students-area route the modules have registered
    const studentsRoutes = app.routeTable.filter(
      ({ policy, method }) => policy.access.kind === 'matrix' && policy.access.area === 'students' && policy.access.action === 'view' && method === 'GET',
    );
    for (const route of studentsRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      expect((await teacher.get(url)).statusCode, route.url).toBe(403);
    }
    // another organisation's teachers keep the default
    const elsewhere = await createTenant(app.db);
    expect((await (await signedIn(elsewhere.users.teacher.email)).get(PROBE)).statusCode).toBe(200);

    const [audit] = await orgAudits(tenant.organisation.id, 'permissions.updated');
    expect(audit).toMatchObject({ organisationId: tenant.organisation.id, userId: tenant.users.super_admin.id });
  });

  it('keeps Super Admin’s Permissions view and edit with a clear message', async () => {
    const tenant = await createTenant(app.db);
    const owner = await signedIn(tenant.users.super_admin.email);
    const matrix = copy(DEFAULT_PERMISSION_MATRIX);
    matrix.super_admin.permissions.view = false;
    const res = await owner.put('/api/organisation/permissions', { matrix });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Super Admin must keep Permissions view and edit, so that someone can still change permissions.');
    expect((await owner.get('/api/organisation/permissions')).json().matrix.super_admin.permissions.view).toBe(true);
  });

  it('refuses an incomplete matrix', async () => {
    const tenant = await createTenant(app.db);
    const owner = await signedIn(tenant.users.super_admin.email);
    const { teacher: _teacher, ...partial } = copy(DEFAULT_PERMISSION_MATRIX);
    expect((await owner.put('/api/organisation/permissions', { matrix: partial })).statusCode).toBe(400);
    expect((await owner.put('/api/organisation/permissions', {})).json().errors).toEqual({ matrix: 'The permission matrix is required' });
  });

  it('answers 401 and 403', async () => {
    const tenant = await createTenant(app.db);
    expect((await new TestClient(app).get('/api/organisation/permissions')).statusCode).toBe(401);
    expect((await new TestClient(app).put('/api/organisation/permissions', { matrix: DEFAULT_PERMISSION_MATRIX })).statusCode).toBe(401);
    const admin = await signedIn(tenant.users.admin.email);
    expect((await admin.get('/api/organisation/permissions')).statusCode).toBe(403);
    expect((await admin.put('/api/organisation/permissions', { matrix: DEFAULT_PERMISSION_MATRIX })).statusCode).toBe(403);
  });
});

describe('named roles', () => {
  it('records a role based on a built-in role, refuses duplicates and deletes it', async () => {
    const tenant = await createTenant(app.db);
    const owner = await signedIn(tenant.users.super_admin.email);
    const res = await owner.post('/api/organisation/roles', { name: ' Bursar ', basedOn: 'admin' });
    expect(res.statusCode).toBe(201);
    const role = res.json();
    expect(role).toMatchObject({ name: 'Bursar', basedOn: 'admin' });
    expect((await owner.get('/api/organisation/permissions')).json().customRoles).toEqual([role]);

    const duplicate = await owner.post('/api/organisation/roles', { name: 'bursar', basedOn: 'teacher' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual({ name: 'A role with this name already exists' });
    expect((await owner.post('/api/organisation/roles', { name: 'Teacher', basedOn: 'teacher' })).statusCode).toBe(400);

    // saving the matrix keeps the named roles
    await owner.put('/api/organisation/permissions', { matrix: DEFAULT_PERMISSION_MATRIX });
    expect((await owner.get('/api/organisation/permissions')).json().customRoles).toEqual([role]);
    // and the policy still reads the stored matrix
    await signedIn(tenant.users.admin.email).then(async (admin) => expect((await admin.get('/api/academic-sessions')).statusCode).toBe(200));

    expect((await owner.request({ method: 'DELETE', url: `/api/organisation/roles/${role.id}` })).statusCode).toBe(204);
    expect((await owner.get('/api/organisation/permissions')).json().customRoles).toEqual([]);
    expect((await owner.request({ method: 'DELETE', url: `/api/organisation/roles/${role.id}` })).statusCode).toBe(404);
    const actions = (
      await app.db
        .select()
        .from(schema.organisationAuditLog)
        .where(and(eq(schema.organisationAuditLog.organisationId, tenant.organisation.id), eq(schema.organisationAuditLog.entityId, role.id)))
        .orderBy(schema.organisationAuditLog.createdAt)
    ).map((a) => a.action);
    expect(actions).toEqual(['permissions.role_added', 'permissions.role_deleted']);
  });

  it('says the role name is required', async () => {
    const tenant = await createTenant(app.db);
    const owner = await signedIn(tenant.users.super_admin.email);
    const res = await owner.post('/api/organisation/roles', { name: '  ', basedOn: 'teacher' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'Role name is required' });
  });

  it('keeps another organisation’s roles out of reach (404), and answers 401 and 403', async () => {
    const tenant = await createTenant(app.db);
    const other = await createTenant(app.db);
    const otherOwner = await signedIn(other.users.super_admin.email);
    const role = (await otherOwner.post('/api/organisation/roles', { name: 'Bursar', basedOn: 'admin' })).json();
    const owner = await signedIn(tenant.users.super_admin.email);
    expect((await owner.request({ method: 'DELETE', url: `/api/organisation/roles/${role.id}` })).statusCode).toBe(404);
    expect((await otherOwner.get('/api/organisation/permissions')).json().customRoles).toHaveLength(1);
    expect((await new TestClient(app).post('/api/organisation/roles', { name: 'X', basedOn: 'admin' })).statusCode).toBe(401);
    const teacher = await signedIn(tenant.users.teacher.email);
    expect((await teacher.post('/api/organisation/roles', { name: 'X', basedOn: 'admin' })).statusCode).toBe(403);
  });
});

describe('security settings', () => {
  it('reads the defaults, and changes are enforced at once by sign-in and sessions', async () => {
    const tenant = await createTenant(app.db);
    const owner = await signedIn(tenant.users.super_admin.email);
    expect((await owner.get('/api/organisation/security-settings')).json()).toEqual(DEFAULT_SECURITY_SETTINGS);

    const res = await owner.put('/api/organisation/security-settings', { passwordMinLength: 12, sessionIdleMinutes: 5, maxLoginAttempts: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ passwordMinLength: 12, sessionIdleMinutes: 5, maxLoginAttempts: 3 });
    expect((await owner.get('/api/organisation/security-settings')).json()).toEqual({ passwordMinLength: 12, sessionIdleMinutes: 5, maxLoginAttempts: 3 });

    // lock-out after 3 wrong passwords
    const victim = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await new TestClient(app).post('/api/auth/login', { email: victim.email, password: 'wrong-pass-1' })).statusCode);
    expect(statuses).toEqual([401, 401, 429]);

    // a new password needs 12 characters
    const teacher = await signedIn(tenant.users.teacher.email);
    const short = await teacher.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, password: 'elevenchars', confirmPassword: 'elevenchars' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ password: 'Password must be at least 12 characters' });

    // a session unused for 5 minutes ends
    await app.db
      .update(schema.authSessions)
      .set({ lastSeenAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(schema.authSessions.userId, tenant.users.teacher.id));
    expect((await teacher.get('/api/auth/me')).statusCode).toBe(401);

    const [audit] = await orgAudits(tenant.organisation.id, 'settings.security_updated');
    expect(audit).toMatchObject({ organisationId: tenant.organisation.id, before: DEFAULT_SECURITY_SETTINGS });
  });

  it('keeps other settings stored beside them', async () => {
    const tenant = await createTenant(app.db);
    await app.db.insert(schema.organisationSettings).values({ organisationId: tenant.organisation.id, settings: { referral: { enabled: true } } });
    const owner = await signedIn(tenant.users.super_admin.email);
    await owner.put('/api/organisation/security-settings', { passwordMinLength: 10, sessionIdleMinutes: 60, maxLoginAttempts: 5 });
    const [row] = await app.db.select().from(schema.organisationSettings).where(eq(schema.organisationSettings.organisationId, tenant.organisation.id));
    expect(row.settings).toEqual({ referral: { enabled: true }, passwordMinLength: 10, sessionIdleMinutes: 60, maxLoginAttempts: 5 });
  });

  it('gives the range messages', async () => {
    const tenant = await createTenant(app.db);
    const owner = await signedIn(tenant.users.super_admin.email);
    const res = await owner.put('/api/organisation/security-settings', { passwordMinLength: 7, sessionIdleMinutes: 2000, maxLoginAttempts: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      passwordMinLength: 'Password minimum length must be a whole number from 8 to 64',
      sessionIdleMinutes: 'Session idle timeout must be a whole number from 5 to 1440',
      maxLoginAttempts: 'Sign-in attempts must be a whole number from 3 to 20',
    });
    expect((await owner.put('/api/organisation/security-settings', {})).json().errors).toEqual({
      passwordMinLength: 'Password minimum length is required',
      sessionIdleMinutes: 'Session idle timeout is required',
      maxLoginAttempts: 'Sign-in attempts is required',
    });
  });

  it('lets an administrator read but not change them; 401 and 403 otherwise', async () => {
    const tenant = await createTenant(app.db);
    const admin = await signedIn(tenant.users.admin.email);
    expect((await admin.get('/api/organisation/security-settings')).statusCode).toBe(200);
    const change = await admin.put('/api/organisation/security-settings', { passwordMinLength: 8, sessionIdleMinutes: 5, maxLoginAttempts: 20 });
    expect(change.statusCode).toBe(403);
    expect((await new TestClient(app).get('/api/organisation/security-settings')).statusCode).toBe(401);
    const teacher = await signedIn(tenant.users.teacher.email);
    expect((await teacher.get('/api/organisation/security-settings')).statusCode).toBe(403);
  });
});

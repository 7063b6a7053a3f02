import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createSchool, createTenant, createTestApp, TestClient } from '../../test/test-app';

/* ADR 0038: an owner runs any school of the organisation as its administrator, with no second account. */

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
});
afterAll(async () => {
  await app.close();
});

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

describe('an owner running a school', () => {
  it('acts as the school’s administrator in that session, then is the owner again', async () => {
    const owner = await signedIn(tenant.users.super_admin.email);
    const elsewhere = await signedIn(tenant.users.super_admin.email);
    expect((await owner.get('/api/academics/classes')).statusCode).toBe(403);

    const run = await owner.post(`/api/organisation/schools/${tenant.school.id}/run`);
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ schoolId: tenant.school.id, schoolName: tenant.school.name });

    const me = (await owner.get('/api/auth/me')).json().user;
    expect(me).toMatchObject({
      id: tenant.users.super_admin.id,
      role: 'admin',
      schoolId: tenant.school.id,
      schoolName: tenant.school.name,
      actingOwner: true,
    });
    // the school's own screens answer, as for its administrator
    const student = await owner.get(`/api/students/${tenant.student.id}`);
    expect(student.statusCode).toBe(200);
    expect(student.json().student).toMatchObject({ id: tenant.student.id, firstName: 'Ada' });
    expect((await owner.get(`/api/students/${other.student.id}`)).statusCode).toBe(404);
    const made = await owner.post('/api/academics/classes', { level: 'JSS 2', arm: 'C' });
    expect(made.statusCode).toBe(201);
    // … and the organisation's screens are closed until the owner goes back
    expect((await owner.get('/api/organisation/permissions')).statusCode).toBe(403);
    // the owner's other sessions are untouched
    expect((await elsewhere.get('/api/auth/me')).json().user).toMatchObject({ role: 'super_admin', schoolId: null, actingOwner: false });

    expect((await owner.post('/api/organisation/leave-school')).statusCode).toBe(204);
    expect((await owner.get('/api/auth/me')).json().user).toMatchObject({ role: 'super_admin', schoolId: null, actingOwner: false });
    expect((await owner.get('/api/organisation/permissions')).statusCode).toBe(200);

    // what was done in the school is recorded under the owner's own account
    const audits = await app.db
      .select({ action: schema.auditLog.action, userId: schema.auditLog.userId })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, tenant.school.id), eq(schema.auditLog.userId, tenant.users.super_admin.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['school.run_by_owner', 'school.left_by_owner']));
  });

  it('reaches only the organisation’s own active schools, and only for an owner', async () => {
    const owner = await signedIn(tenant.users.super_admin.email);
    expect((await owner.post(`/api/organisation/schools/${other.school.id}/run`)).statusCode).toBe(404);
    expect((await owner.post('/api/organisation/schools/not-a-uuid/run')).statusCode).toBe(404);
    for (const role of ['admin', 'teacher', 'student', 'parent'] as const) {
      const client = await signedIn(tenant.users[role].email);
      expect((await client.post(`/api/organisation/schools/${tenant.school.id}/run`)).statusCode, role).toBe(403);
      const leave = await client.post('/api/organisation/leave-school');
      expect(leave.statusCode, role).toBe(400);
      expect(leave.json().message).toBe('You are not running a school as its administrator.');
    }
    expect((await new TestClient(app).post(`/api/organisation/schools/${tenant.school.id}/run`)).statusCode).toBe(401);

    const { school } = await createSchool(app.db, tenant.organisation.id);
    await owner.put(`/api/organisation/schools/${school.id}/status`, { status: 'inactive' });
    const refused = await owner.post(`/api/organisation/schools/${school.id}/run`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This school is deactivated. Re-activate it before running it.');
  });

  it('falls back to the owner’s own account when the school is deactivated meanwhile', async () => {
    const { school } = await createSchool(app.db, tenant.organisation.id);
    const owner = await signedIn(tenant.users.super_admin.email);
    expect((await owner.post(`/api/organisation/schools/${school.id}/run`)).statusCode).toBe(200);
    expect((await owner.get('/api/auth/me')).json().user.schoolId).toBe(school.id);
    await app.db.update(schema.schools).set({ status: 'inactive' }).where(eq(schema.schools.id, school.id));
    const me = await owner.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ role: 'super_admin', schoolId: null, actingOwner: false });
    expect((await owner.get('/api/academics/classes')).statusCode).toBe(403);
  });

  it('looks at the running school’s sessions, never another school’s stored choice', async () => {
    const owner = await signedIn(tenant.users.super_admin.email);
    await owner.post(`/api/organisation/schools/${tenant.school.id}/run`);
    const classes = await owner.get('/api/academics/classes', { 'x-academic-session': other.session.id });
    expect(classes.statusCode).toBe(200);
    expect(classes.json().session).toMatchObject({ id: tenant.session.id });
  });
});

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff, users } from '../../db/schema';
import { claimEmail } from '../../lib/accounts';
import { createClass, createStaff } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';
import { ALREADY_ACTIVE, REACTIVATED_MESSAGE } from './staff.service';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TestClient;
let otherAdmin: TestClient;
let counter = 0;

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

/** A teacher with an account (invited, or signed up when `registered`) who teaches a class, then deactivated. */
async function deactivatedTeacher({ registered }: { registered: boolean }) {
  const email = `react-${++counter}-${Date.now().toString(36)}@example.test`;
  let userId: string;
  if (registered) {
    userId = (await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher', email })).id;
  } else {
    userId = await app.db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({ organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher', email, name: 'Invited Teacher', status: 'invited' })
        .returning();
      await claimEmail(tx, u.id, email);
      return u.id;
    });
  }
  const row = await createStaff(app.db, tenant, { userId, name: 'Bola Teacher', email });
  await createClass(app.db, tenant, { level: 'SSS 2', arm: `R${counter}`, classTeacherId: row.id });
  const res = await admin.request({ method: 'DELETE', url: `/api/staff/${row.id}` });
  expect(res.json().outcome).toBe('deactivated');
  return { id: row.id, userId, email };
}

const reactivate = (client: TestClient, id: string) => client.post(`/api/staff/${id}/reactivate`);

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  admin = await signedIn(tenant.users.admin.email);
  otherAdmin = await signedIn(other.users.admin.email);
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/staff/:id/reactivate', () => {
  it('re-activates a deactivated teacher who had signed up: staff active, account active, they can sign in; audited', async () => {
    const t = await deactivatedTeacher({ registered: true });
    expect((await admin.get('/api/staff?status=inactive&pageSize=100')).json().items.map((s: { id: string }) => s.id)).toContain(t.id);
    const res = await reactivate(admin, t.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REACTIVATED_MESSAGE });
    expect((await admin.get(`/api/staff/${t.id}`)).json().staff).toMatchObject({ status: 'active', account: { status: 'active' } });
    await signedIn(t.email);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, t.id), eq(auditLog.action, 'staff.reactivated')));
    expect(entry.before).toMatchObject({ status: 'inactive', account: { status: 'disabled' } });
    expect(entry.after).toMatchObject({ status: 'active', account: { status: 'active' } });
    expect(entry.userId).toBe(tenant.users.admin.id);
  });

  it('invites afresh a teacher who never registered', async () => {
    const t = await deactivatedTeacher({ registered: false });
    const res = await reactivate(admin, t.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${REACTIVATED_MESSAGE}; an invitation was sent to ${t.email}`);
    expect((await app.db.select().from(users).where(eq(users.id, t.userId)))[0].status).toBe('invited');
    const mail = (await admin.get(`/api/dev/outbox?to=${encodeURIComponent(t.email)}`)).json().items[0];
    expect(mail.body).toMatch(/code is: \d+/);
  });

  it('answers 400 for someone already active, and of two concurrent requests exactly one re-activates', async () => {
    const t = await deactivatedTeacher({ registered: true });
    const [a, b] = await Promise.all([reactivate(admin, t.id), reactivate(admin, t.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json().message).toBe(ALREADY_ACTIVE);
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, t.id), eq(auditLog.action, 'staff.reactivated')));
    expect(entries).toHaveLength(1);
  });

  it('answers 404 for another school’s staff, an unknown or malformed id; 401 signed out; 403 for a teacher', async () => {
    const t = await deactivatedTeacher({ registered: true });
    expect((await reactivate(otherAdmin, t.id)).statusCode).toBe(404);
    expect((await reactivate(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reactivate(admin, 'nope')).statusCode).toBe(404);
    expect((await reactivate(new TestClient(app), t.id)).statusCode).toBe(401);
    expect((await reactivate(await signedIn(tenant.users.teacher.email), t.id)).statusCode).toBe(403);
    expect(
      (
        await app.db
          .select()
          .from(staff)
          .where(and(eq(staff.schoolId, tenant.school.id), eq(staff.id, t.id)))
      )[0].status,
    ).toBe('inactive');
  });
});

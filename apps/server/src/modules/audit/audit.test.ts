import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organisationAuditLog } from '../../db/schema';
import { createSchool, createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let secondSchool: Awaited<ReturnType<typeof createSchool>>['school'];
let superAdmin: TestClient;
let admin: TestClient;

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

type Entry = { action: string; entity: string; school: { id: string } | null; actor: { id: string } | null; before: any; after: any; createdAt: string };
const actions = (res: { json(): { items: Entry[] } }) => res.json().items.map((e) => e.action);

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  ({ school: secondSchool } = await createSchool(app.db, tenant.organisation.id));
  const secondAdmin = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: secondSchool.id, role: 'admin', name: 'Branch Admin' });

  const org = tenant.organisation.id;
  const at = (iso: string) => new Date(iso);
  // only this file's entries below
  await app.db.delete(auditLog).where(inArray(auditLog.schoolId, [tenant.school.id, other.school.id, secondSchool.id]));
  await app.db.delete(organisationAuditLog).where(inArray(organisationAuditLog.organisationId, [org, other.organisation.id]));
  const rows = [
    {
      organisationId: org,
      schoolId: tenant.school.id,
      userId: tenant.users.admin.id,
      action: 'staff.created',
      entity: 'staff',
      entityId: 's1',
      after: { name: 'Ada', password: 'x', nested: { tokenHash: 'y' } },
      createdAt: at('2024-03-01T08:00:00Z'),
    },
    {
      organisationId: org,
      schoolId: tenant.school.id,
      userId: tenant.users.admin.id,
      action: 'staff.updated',
      entity: 'staff',
      entityId: 's1',
      before: { name: 'Ada' },
      after: { name: 'Ada Obi' },
      createdAt: at('2024-03-02T22:30:00Z'),
    },
    {
      organisationId: org,
      schoolId: secondSchool.id,
      userId: secondAdmin.id,
      action: 'academic_session.created',
      entity: 'academic_session',
      entityId: 'a1',
      after: { name: '2024/25' },
      createdAt: at('2024-03-03T09:00:00Z'),
    },
    {
      organisationId: org,
      schoolId: null,
      userId: tenant.users.super_admin.id,
      action: 'organisation.updated',
      entity: 'organisation',
      entityId: org,
      createdAt: at('2024-03-04T09:00:00Z'),
    },
    {
      organisationId: other.organisation.id,
      schoolId: other.school.id,
      userId: other.users.admin.id,
      action: 'staff.created',
      entity: 'staff',
      entityId: 'o1',
      createdAt: at('2024-03-05T09:00:00Z'),
    },
  ];
  // a school's entries in its audit_log, the organisation's own (no school) in organisation_audit_log (ADR 0026)
  await app.db.insert(auditLog).values(rows.filter((r): r is (typeof rows)[number] & { schoolId: string } => r.schoolId !== null));
  await app.db.insert(organisationAuditLog).values(rows.filter((r) => r.schoolId === null).map(({ schoolId: _none, ...r }) => r));
  superAdmin = await signedIn(tenant.users.super_admin.email);
  admin = await signedIn(tenant.users.admin.email);
});
afterAll(async () => {
  await app.close();
});

/** Entries written by signing in are newer than the fixtures; the fixtures are all before 2024-04. */
const FIXTURES = 'to=2024-03-31';

describe('GET /api/audit', () => {
  it('shows a super administrator their organisation’s entries, newest first, with actor and school', async () => {
    const res = await superAdmin.get(`/api/audit?${FIXTURES}`);
    expect(res.statusCode).toBe(200);
    expect(actions(res)).toEqual(['organisation.updated', 'academic_session.created', 'staff.updated', 'staff.created']);
    expect(res.json().total).toBe(4);
    const [org, session] = res.json().items as Entry[];
    expect(org.school).toBeNull();
    expect(org.actor).toMatchObject({ id: tenant.users.super_admin.id, role: 'super_admin' });
    expect(session.school).toEqual({ id: secondSchool.id, name: secondSchool.name });
  });

  it('shows an administrator their school’s entries only', async () => {
    const res = await admin.get(`/api/audit?${FIXTURES}`);
    expect(actions(res)).toEqual(['staff.updated', 'staff.created']);
    expect((res.json().items as Entry[])[1].before).toBeNull();
  });

  it('hides secrets in before and after', async () => {
    const created = (await admin.get(`/api/audit?${FIXTURES}&action=staff.created`)).json().items[0] as Entry;
    expect(created.after).toEqual({ name: 'Ada', password: '[hidden]', nested: { tokenHash: '[hidden]' } });
  });

  it('filters by school, user, actor name, entity, action prefix and days in Africa/Lagos', async () => {
    expect(actions(await superAdmin.get(`/api/audit?${FIXTURES}&schoolId=${secondSchool.id}`))).toEqual(['academic_session.created']);
    expect(actions(await superAdmin.get(`/api/audit?${FIXTURES}&userId=${tenant.users.super_admin.id}`))).toEqual(['organisation.updated']);
    expect(actions(await superAdmin.get(`/api/audit?${FIXTURES}&actor=branch`))).toEqual(['academic_session.created']);
    expect(actions(await superAdmin.get(`/api/audit?${FIXTURES}&entity=STAFF`))).toEqual(['staff.updated', 'staff.created']);
    expect(actions(await superAdmin.get(`/api/audit?${FIXTURES}&action=staff.`))).toEqual(['staff.updated', 'staff.created']);
    // 22:30 UTC on 2 March is 23:30 in Lagos, still 2 March; 08:00 UTC on 1 March is 1 March
    expect(actions(await superAdmin.get('/api/audit?from=2024-03-02&to=2024-03-02'))).toEqual(['staff.updated']);
    expect(actions(await superAdmin.get('/api/audit?from=2024-03-01&to=2024-03-01'))).toEqual(['staff.created']);
  });

  it('pages with the total', async () => {
    const res = await superAdmin.get(`/api/audit?${FIXTURES}&pageSize=3&page=2`);
    expect(res.json()).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(actions(res)).toEqual(['staff.created']);
  });

  it('answers 404 for a school of another organisation (or, for an admin, another school)', async () => {
    expect((await superAdmin.get(`/api/audit?schoolId=${other.school.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/audit?schoolId=${secondSchool.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/audit?schoolId=${tenant.school.id}&${FIXTURES}`)).json().total).toBe(2);
  });

  it('answers 400 for bad filters', async () => {
    const res = await admin.get('/api/audit?from=2024-13-01&schoolId=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ from: 'Invalid date', schoolId: 'Unknown school' });
    const reversed = await admin.get('/api/audit?from=2024-03-05&to=2024-03-01');
    expect(reversed.json().errors).toEqual({ to: 'The start date must not be after the end date' });
  });

  it('answers 401 signed out and 403 to roles without the security view', async () => {
    expect((await new TestClient(app).get('/api/audit')).statusCode).toBe(401);
    for (const role of ['teacher', 'student', 'parent'] as const) {
      expect((await (await signedIn(tenant.users[role].email)).get('/api/audit')).statusCode, role).toBe(403);
    }
  });
});

describe('GET /api/audit/filters', () => {
  it('lists the schools the reader may filter by', async () => {
    const forSuper = (await superAdmin.get('/api/audit/filters')).json().schools as Array<{ id: string }>;
    expect(forSuper.map((s) => s.id).sort()).toEqual([tenant.school.id, secondSchool.id].sort());
    expect((await admin.get('/api/audit/filters')).json().schools).toEqual([{ id: tenant.school.id, name: tenant.school.name }]);
    expect((await new TestClient(app).get('/api/audit/filters')).statusCode).toBe(401);
    expect((await (await signedIn(tenant.users.teacher.email)).get('/api/audit/filters')).statusCode).toBe(403);
  });
});

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createSchool, createTenant, createTestApp, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TestClient;
let superAdmin: TestClient;

const URL = '/api/settings/academic-sessions';

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  admin = new TestClient(app);
  await admin.login(tenant.users.admin.email);
  superAdmin = new TestClient(app);
  await superAdmin.login(tenant.users.super_admin.email);
});
afterAll(async () => {
  await app.close();
});

function patch(client: TestClient, url: string, payload: unknown) {
  return client.request({ method: 'PATCH', url, payload: payload as object });
}

async function sessionsOf(schoolId: string) {
  return app.db.select().from(schema.academicSessions).where(eq(schema.academicSessions.schoolId, schoolId));
}

async function currentTermOf(schoolId: string) {
  const [row] = await app.db
    .select()
    .from(schema.terms)
    .where(and(eq(schema.terms.schoolId, schoolId), eq(schema.terms.isCurrent, true)));
  return row;
}

/** A school of its own for a test that changes the Active session. */
async function freshSchool() {
  const { school, session } = await createSchool(app.db, tenant.organisation.id);
  return { school, session };
}

describe('listing sessions for settings', () => {
  it('gives an administrator their school’s sessions with terms, and only their school', async () => {
    const res = await admin.get(URL);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.school).toEqual({ id: tenant.school.id, name: tenant.school.name });
    expect(body.schools).toEqual([{ id: tenant.school.id, name: tenant.school.name }]);
    expect(body.items.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['2023/24', 'Active'],
      ['2022/23', 'Inactive'],
    ]);
    expect(body.items[0].terms.map((t: { name: string }) => t.name)).toEqual(['First', 'Second', 'Third']);
  });

  it('lets a super administrator pick any school of the organisation', async () => {
    const { school } = await createSchool(app.db, tenant.organisation.id, { name: 'Branch for listing' });
    const res = await superAdmin.get(`${URL}?schoolId=${school.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().school.id).toBe(school.id);
    expect(res.json().schools.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([tenant.school.id, school.id]));
    // without a school: the organisation's first school
    expect((await superAdmin.get(URL)).json().school.id).toBe(tenant.school.id);
  });

  it('answers 404 for a school of another organisation, and for another school of an administrator', async () => {
    expect((await superAdmin.get(`${URL}?schoolId=${other.school.id}`)).statusCode).toBe(404);
    expect((await superAdmin.get(`${URL}?schoolId=not-an-id`)).statusCode).toBe(404);
    expect((await admin.get(`${URL}?schoolId=${other.school.id}`)).statusCode).toBe(404);
  });

  it("answers 404 'School not found' for a schoolId that is not an id, for a super administrator and an administrator", async () => {
    for (const client of [superAdmin, admin]) {
      const res = await client.get(`${URL}?schoolId=not-an-id`);
      expect([res.statusCode, res.json().message]).toEqual([404, 'School not found']);
    }
  });

  it('answers 401 signed out and 403 to roles without settings', async () => {
    expect((await new TestClient(app).get(URL)).statusCode).toBe(401);
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const client = new TestClient(app);
      await client.login(tenant.users[role].email);
      expect((await client.get(URL)).statusCode, role).toBe(403);
      expect((await client.post(URL, { name: '2030/31' })).statusCode, role).toBe(403);
    }
  });
});

describe('creating a session', () => {
  it('creates a Pending session with the three terms on default dates, and audits it', async () => {
    const res = await admin.post(URL, { name: ' 2024/25 ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: '2024/25', status: 'Pending' });
    expect(body.terms.map((t: { name: string; startDate: string; endDate: string }) => [t.name, t.startDate, t.endDate])).toEqual([
      ['First', '2024-09-09', '2024-12-13'],
      ['Second', '2025-01-06', '2025-04-04'],
      ['Third', '2025-04-28', '2025-07-25'],
    ]);
    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.schoolId, tenant.school.id), eq(schema.auditLog.entityId, body.id), eq(schema.auditLog.action, 'academic_session.created')),
      );
    expect(entry).toMatchObject({ userId: tenant.users.admin.id, schoolId: tenant.school.id });
    // the top bar's list shows it too
    const list = (await admin.get('/api/academic-sessions')).json();
    expect(list.items.map((s: { name: string }) => s.name)).toContain('2024/25');
  });

  it('refuses a badly written session with the field message', async () => {
    for (const name of ['2024/26', '2024-25', '24/25']) {
      const res = await admin.post(URL, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Session must look like 2024/25', errors: { name: 'Session must look like 2024/25' } });
    }
    const empty = await admin.post(URL, {});
    expect(empty.json().errors).toEqual({ name: 'Session is required' });
    const status = await admin.post(URL, { name: '2031/32', status: 'Closed' });
    expect(status.json().errors).toEqual({ status: 'Choose a status' });
  });

  it('refuses a session name the school already has (409), but another school may use it', async () => {
    const res = await admin.post(URL, { name: '2023/24' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: '2023/24 already exists', errors: { name: '2023/24 already exists' } });
  });

  it('creating an Active session makes the previous Active one Inactive', async () => {
    const { school, session } = await freshSchool();
    const res = await superAdmin.post(`${URL}?schoolId=${school.id}`, { name: '2024/25', status: 'Active' });
    expect(res.statusCode).toBe(201);
    const rows = await sessionsOf(school.id);
    expect(rows.find((s) => s.id === session.id)?.status).toBe('Inactive');
    expect(rows.filter((s) => s.status === 'Active').map((s) => s.name)).toEqual(['2024/25']);
  });

  it('lets a super administrator create in a school of their organisation only', async () => {
    const { school } = await freshSchool();
    expect((await superAdmin.post(`${URL}?schoolId=${school.id}`, { name: '2025/26' })).statusCode).toBe(201);
    expect((await superAdmin.post(`${URL}?schoolId=${other.school.id}`, { name: '2025/26' })).statusCode).toBe(404);
    expect((await sessionsOf(other.school.id)).map((s) => s.name)).not.toContain('2025/26');
  });
});

describe('the one Active session', () => {
  it('activating 2024/25 makes 2023/24 Inactive in one go, and moves the current term to its First term', async () => {
    const { school, session } = await freshSchool();
    const created = (await superAdmin.post(`${URL}?schoolId=${school.id}`, { name: '2024/25' })).json();
    const res = await patch(superAdmin, `${URL}/${created.id}?schoolId=${school.id}`, { status: 'Active' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('Active');
    const rows = await sessionsOf(school.id);
    expect(rows.find((s) => s.id === session.id)?.status).toBe('Inactive');
    expect(rows.find((s) => s.id === created.id)?.status).toBe('Active');
    expect(rows.filter((s) => s.status === 'Active')).toHaveLength(1);
    const current = await currentTermOf(school.id);
    expect(current).toMatchObject({ academicSessionId: created.id, name: 'First' });
    const audits = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, school.id), eq(schema.auditLog.action, 'academic_session.status_changed')));
    expect(audits.map((a) => a.entityId).sort()).toEqual([created.id, session.id].sort());
  });

  it('keeps exactly one Active session when two activations race', async () => {
    const { school } = await freshSchool();
    const a = (await superAdmin.post(`${URL}?schoolId=${school.id}`, { name: '2024/25' })).json();
    const b = (await superAdmin.post(`${URL}?schoolId=${school.id}`, { name: '2025/26' })).json();
    const results = await Promise.all([
      patch(superAdmin, `${URL}/${a.id}?schoolId=${school.id}`, { status: 'Active' }),
      patch(superAdmin, `${URL}/${b.id}?schoolId=${school.id}`, { status: 'Active' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await sessionsOf(school.id)).filter((s) => s.status === 'Active')).toHaveLength(1);
  });

  it('refuses to leave a school without an Active session', async () => {
    const { school, session } = await freshSchool();
    const res = await patch(superAdmin, `${URL}/${session.id}?schoolId=${school.id}`, { status: 'Inactive' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ status: 'A school always has one Active session: activate another session instead' });
  });

  it('moves a session between Pending and Inactive', async () => {
    const { school } = await freshSchool();
    const created = (await superAdmin.post(`${URL}?schoolId=${school.id}`, { name: '2026/27' })).json();
    const res = await patch(superAdmin, `${URL}/${created.id}?schoolId=${school.id}`, { status: 'Inactive' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('Inactive');
  });

  it('validates the status and answers 404 for another school’s session', async () => {
    const bad = await patch(admin, `${URL}/${tenant.session.id}`, { status: 'Open' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: 'Choose a status' });
    expect((await patch(admin, `${URL}/${other.session.id}`, { status: 'Active' })).statusCode).toBe(404);
    expect((await patch(superAdmin, `${URL}/${other.session.id}?schoolId=${other.school.id}`, { status: 'Active' })).statusCode).toBe(404);
    // a session of the organisation's school A addressed as school B
    const { school } = await freshSchool();
    expect((await patch(superAdmin, `${URL}/${tenant.session.id}?schoolId=${school.id}`, { status: 'Active' })).statusCode).toBe(404);
    expect((await sessionsOf(other.school.id)).find((s) => s.id === other.session.id)?.status).toBe('Active');
  });
});

describe('term dates', () => {
  const dates = (overrides: Array<Partial<{ startDate: string; endDate: string }>> = []) =>
    [
      { name: 'First', startDate: '2023-09-04', endDate: '2023-12-08' },
      { name: 'Second', startDate: '2024-01-08', endDate: '2024-03-28' },
      { name: 'Third', startDate: '2024-04-22', endDate: '2024-07-19' },
    ].map((t, i) => ({ ...t, ...overrides[i] }));

  it('sets the three terms’ dates and audits the change', async () => {
    const { school, session } = await freshSchool();
    const res = await superAdmin.put(`${URL}/${session.id}/terms?schoolId=${school.id}`, { terms: dates() });
    expect(res.statusCode).toBe(200);
    expect(res.json().terms.map((t: { startDate: string }) => t.startDate)).toEqual(['2023-09-04', '2024-01-08', '2024-04-22']);
    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.schoolId, school.id), eq(schema.auditLog.entityId, session.id), eq(schema.auditLog.action, 'academic_session.terms_changed')),
      );
    expect(entry.before).toMatchObject({ terms: [{ name: 'First', startDate: '2023-09-11' }, {}, {}] });
  });

  it('says which dates are wrong', async () => {
    const url = `${URL}/${tenant.session.id}/terms`;
    const missing = await admin.put(url, { terms: dates([{ startDate: '' }]) });
    expect(missing.json().errors).toEqual({ 'terms.0.startDate': 'Start date is required' });
    const backwards = await admin.put(url, { terms: dates([{ endDate: '2023-09-01' }]) });
    expect(backwards.json().errors).toEqual({ 'terms.0.endDate': 'End date must be after the start date' });
    const overlap = await admin.put(url, { terms: dates([{}, { startDate: '2023-12-01' }]) });
    expect(overlap.json().errors).toEqual({ 'terms.1.startDate': 'Second term must start after First term ends' });
    const outside = await admin.put(url, { terms: dates([{}, {}, { endDate: '2025-01-10' }]) });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ 'terms.2.endDate': 'Dates must fall within the 2023/24 session (2023 to 2024)' });
    const few = await admin.put(url, { terms: dates().slice(0, 1) });
    expect(few.json().errors).toEqual({ terms: 'Give the dates of the First, Second and Third terms' });
    // nothing changed
    const terms = (await admin.get(URL)).json().items.find((s: { id: string }) => s.id === tenant.session.id).terms;
    expect(terms[0].startDate).toBe('2023-09-11');
  });

  it('answers 404 for another school’s session', async () => {
    expect((await admin.put(`${URL}/${other.session.id}/terms`, { terms: dates() })).statusCode).toBe(404);
  });
});

describe('the current term', () => {
  it('makes a term of the Active session current, one per school', async () => {
    const { school, session } = await freshSchool();
    const terms = await app.db
      .select()
      .from(schema.terms)
      .where(and(eq(schema.terms.schoolId, school.id), eq(schema.terms.academicSessionId, session.id)));
    const third = terms.find((t) => t.name === 'Third')!;
    const res = await superAdmin.put(`${URL}/${session.id}/current-term?schoolId=${school.id}`, { termId: third.id });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .terms.filter((t: { isCurrent: boolean }) => t.isCurrent)
        .map((t: { name: string }) => t.name),
    ).toEqual(['Third']);
    expect((await currentTermOf(school.id)).id).toBe(third.id);
    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, school.id), eq(schema.auditLog.entityId, third.id), eq(schema.auditLog.action, 'term.made_current')));
    expect(entry.before).toMatchObject({ name: 'Second' });
  });

  it('refuses a term of a session that is not Active', async () => {
    const { school } = await freshSchool();
    const pending = (await superAdmin.post(`${URL}?schoolId=${school.id}`, { name: '2024/25' })).json();
    const res = await superAdmin.put(`${URL}/${pending.id}/current-term?schoolId=${school.id}`, { termId: pending.terms[0].id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ termId: 'Only a term of the Active session can be the current term' });
  });

  it('validates the term and answers 404 across sessions and schools', async () => {
    const url = `${URL}/${tenant.session.id}/current-term`;
    expect((await admin.put(url, { termId: 'first' })).json().errors).toEqual({ termId: 'Choose a term' });
    const [otherTerm] = await app.db
      .select()
      .from(schema.terms)
      .where(and(eq(schema.terms.schoolId, other.school.id), eq(schema.terms.academicSessionId, other.session.id)));
    expect((await admin.put(url, { termId: otherTerm.id })).statusCode).toBe(404);
    expect((await admin.put(`${URL}/${other.session.id}/current-term`, { termId: otherTerm.id })).statusCode).toBe(404);
  });
});

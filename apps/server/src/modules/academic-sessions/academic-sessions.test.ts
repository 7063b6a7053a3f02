import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

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

describe('academic sessions', () => {
  it('lists the school’s sessions with terms, newest first, the Active one selected', async () => {
    const client = new TestClient(app);
    await client.login(tenant.users.teacher.email);
    const res = await client.get('/api/academic-sessions');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((s: { name: string }) => s.name)).toEqual(['2023/24', '2022/23']);
    expect(body.items[0].terms.map((t: { name: string }) => t.name)).toEqual(['First', 'Second', 'Third']);
    expect(body.items[0].terms.find((t: { isCurrent: boolean }) => t.isCurrent).name).toBe('Second');
    expect(body.selectedId).toBe(tenant.session.id);
  });

  it('keeps a user’s choice, and honours the x-academic-session header of a request', async () => {
    const client = new TestClient(app);
    await client.login(tenant.users.admin.email);
    const list = (await client.get('/api/academic-sessions')).json();
    const older = list.items.find((s: { name: string }) => s.name === '2022/23');
    expect((await client.put('/api/me/academic-session', { academicSessionId: older.id })).statusCode).toBe(204);
    expect((await client.get('/api/academic-sessions')).json().selectedId).toBe(older.id);
    expect((await client.get('/api/academic-sessions', { 'x-academic-session': tenant.session.id })).json().selectedId).toBe(tenant.session.id);
    // another school's session id in the header is ignored
    expect((await client.get('/api/academic-sessions', { 'x-academic-session': other.session.id })).json().selectedId).toBe(older.id);
  });

  it('answers 404, not 403, for another school’s session id', async () => {
    const client = new TestClient(app);
    await client.login(tenant.users.admin.email);
    const res = await client.put('/api/me/academic-session', { academicSessionId: other.session.id });
    expect(res.statusCode).toBe(404);
    const bad = await client.put('/api/me/academic-session', { academicSessionId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.academicSessionId).toBe('Session is required');
  });
});

describe('parent area', () => {
  it('lists only the signed-in guardian’s children', async () => {
    const client = new TestClient(app);
    await client.login(tenant.users.parent.email);
    const res = await client.get('/api/parent/children');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([{ studentId: tenant.student.id, name: 'Ada Obi', registrationNo: tenant.student.registrationNo, className: null }]);
  });
});

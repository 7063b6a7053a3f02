import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let t: Awaited<ReturnType<typeof createTenant>>;

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/bootstrap', () => {
  it('answers a signed-out visitor with nothing (200, never a 401)', async () => {
    const res = await new TestClient(app).get('/api/bootstrap');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null, academicSessions: null, permissions: null, unreadNotices: null });
  });

  it('gives what the session, sessions, permissions and unread endpoints each answer, in one', async () => {
    const admin = await signedIn(t.users.admin.email);
    const res = await admin.get('/api/bootstrap');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual((await admin.get('/api/auth/session')).json().user);
    expect(body.academicSessions).toEqual((await admin.get('/api/academic-sessions')).json());
    expect(body.academicSessions.items.length).toBeGreaterThan(0);
    expect(body.permissions).toEqual((await admin.get('/api/auth/permissions')).json());
    expect(body.unreadNotices).toEqual((await admin.get('/api/noticeboard/unread')).json());
  });

  it('gives a student their own student id, and leaves out what a role may not read', async () => {
    const student = await signedIn(t.users.student.email);
    expect((await student.get('/api/bootstrap')).json().user).toMatchObject({ role: 'student', studentId: t.student.id });

    // an owner manages notices and reads none: no unread count
    const owner = (await (await signedIn(t.users.super_admin.email)).get('/api/bootstrap')).json();
    expect(owner.user.role).toBe('super_admin');
    expect(owner.unreadNotices).toBeNull();

    // the organisation takes the noticeboard and the dashboard from teachers: no count, no sessions, as their endpoints answer 403
    const matrix = JSON.parse(JSON.stringify(DEFAULT_PERMISSION_MATRIX));
    matrix.teacher.noticeboard.view = false;
    matrix.teacher.dashboard.view = false;
    await app.db.update(schema.permissionMatrices).set({ matrix }).where(eq(schema.permissionMatrices.organisationId, t.organisation.id));
    const teacher = await signedIn(t.users.teacher.email);
    expect((await teacher.get('/api/noticeboard/unread')).statusCode).toBe(403);
    expect((await teacher.get('/api/academic-sessions')).statusCode).toBe(403);
    const body = (await teacher.get('/api/bootstrap')).json();
    expect(body).toMatchObject({ unreadNotices: null, academicSessions: null, permissions: { role: 'teacher' } });
    expect(body.permissions.grants.noticeboard.view).toBe(false);
  });
});

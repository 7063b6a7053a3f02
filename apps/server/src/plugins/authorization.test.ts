import { randomUUID } from 'node:crypto';
import { can, DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import { ROLES } from '@school/shared/auth/roles';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, TestClient } from '../test/test-app';

/**
 * Walks the whole route table: for every route and every role, the status must be what the
 * permission matrix implies, and 401 when signed out. Routes added by later modules are covered
 * by this test without touching it.
 */
let app: FastifyInstance;
let clients: Record<(typeof ROLES)[number], TestClient>;

beforeAll(async () => {
  app = await createTestApp();
  const tenant = await createTenant(app.db);
  clients = {} as typeof clients;
  for (const role of ROLES) {
    clients[role] = new TestClient(app);
    await clients[role].login(tenant.users[role].email);
  }
});
afterAll(async () => {
  await app.close();
});

function concreteUrl(url: string) {
  return url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, '');
}

describe('route table', () => {
  it('every /api route declares who may call it (the seeded organisation uses the default matrix)', () => {
    expect(app.routeTable.length).toBeGreaterThan(5);
    for (const route of app.routeTable) {
      expect(route.public || route.signedIn || route.auth !== null, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('answers 401 to a signed-out caller on every protected route', async () => {
    const anonymous = new TestClient(app);
    for (const route of app.routeTable.filter((r) => !r.public)) {
      const res = await anonymous.request({ method: route.method as any, url: concreteUrl(route.url), payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers each role as the permission matrix says, on every route', async () => {
    for (const route of app.routeTable.filter((r) => !r.public)) {
      for (const role of ROLES) {
        const res = await clients[role].request({
          method: route.method as any,
          url: concreteUrl(route.url),
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        const allowed = route.signedIn || (route.auth !== null && can(DEFAULT_PERMISSION_MATRIX, role, route.auth.area, route.auth.action));
        const where = `${role} ${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (allowed) {
          expect([401, 403], where).not.toContain(res.statusCode);
          expect(res.statusCode, where).toBeLessThan(500);
        } else {
          expect(res.statusCode, where).toBe(403);
        }
      }
    }
  });
});

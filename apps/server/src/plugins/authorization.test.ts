import { randomUUID } from 'node:crypto';
import { okResponse } from '@school/shared/http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { matrixRoute } from '../policies/policy';
import { createTestApp, freshDatabase, TestClient } from '../test/test-app';

/**
 * The route table as a whole: every /api route names a policy, the app refuses to start without one,
 * and a signed-out caller gets 401 everywhere but the public routes. What each role and each
 * ownership gets is policies/route-matrix.test.ts.
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

function concreteUrl(url: string) {
  return url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, '');
}

describe('route table', () => {
  it('every /api route names its policy', () => {
    expect(app.routeTable.length).toBeGreaterThan(200);
    for (const route of app.routeTable) expect(route.policy.name, `${route.method} ${route.url}`).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('answers 401 to a signed-out caller on every route that is not public', async () => {
    const anonymous = new TestClient(app);
    for (const route of app.routeTable.filter((r) => r.policy.access.kind !== 'public')) {
      const res = await anonymous.request({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses to start with a route that names no policy, or a URL parameter without a record rule', async () => {
    const database = await freshDatabase();
    const withRoute = async (register: (a: FastifyInstance) => void) => {
      // the candidates share one database and leave it open
      const candidate = await buildApp({ database: { ...database, close: async () => {} }, serveWeb: false, config: { logLevel: 'silent' } });
      register(candidate);
      try {
        await candidate.ready();
      } finally {
        await candidate.close().catch(() => {});
      }
    };
    try {
      // each declares its answer, so that only the missing policy or record rule stops the start
      const schema = { response: { 200: okResponse } };
      await expect(withRoute((a) => a.get('/api/unguarded', { schema }, async () => ({ ok: true as const })))).rejects.toThrow('names no policy');
      await expect(
        withRoute((a) =>
          a.get('/api/things/:id', { schema, config: { policy: matrixRoute('things.read', 'records', 'view') } }, async () => ({ ok: true as const })),
        ),
      ).rejects.toThrow('has no record rule for :id');
    } finally {
      await database.close().catch(() => {});
    }
  });
});

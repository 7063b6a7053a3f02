import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from './test/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('the app', () => {
  it('answers health with the database it runs on', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'postgres' });
  });

  it('describes every API route in OpenAPI at /api/docs', async () => {
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of app.routeTable.filter((r) => r.url !== '/api/dev/outbox')) {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeTruthy();
    }
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeTruthy();
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await new TestClient(app).get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('not found');
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

import { apiErrorResponse, okResponse } from '@school/shared/http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { publicRoute } from '../policies/policy';
import { createTestApp, freshDatabase } from '../test/test-app';

/**
 * Every /api route states what it answers (plugins/contracts.ts): its success response is declared or the
 * app does not start; the shared refusals are declared from what the route is; in tests, a status a route
 * did not declare answers 500 naming it, so each declaration stays true.
 */
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  app = await createTestApp();
  database = await freshDatabase();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** An app with one more route, on a database shared by the candidates (left open). */
async function withRoute(register: (a: FastifyInstance) => void) {
  const candidate = await buildApp({ database: { ...database, close: async () => {} }, serveWeb: false, config: { logLevel: 'silent' } });
  register(candidate);
  await candidate.ready();
  return candidate;
}

describe('response contracts', () => {
  it('every /api route declares a success response and the refusals it can give', () => {
    for (const route of app.routeTable) {
      const label = `${route.method} ${route.url}`;
      expect(
        route.responses.some((code) => /^2\d\d$/.test(code)),
        label,
      ).toBe(true);
      expect(route.responses, label).toContain('400');
      if (route.policy.access.kind !== 'public') expect(route.responses, label).toEqual(expect.arrayContaining(['401', '403']));
      if (route.url.includes('/:')) expect(route.responses, label).toContain('404');
    }
  });

  it('documents each declared status in the OpenAPI description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = res.json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const login = spec.paths['/api/auth/login'].post.responses;
    expect(Object.keys(login)).toEqual(expect.arrayContaining(['200', '400', '429']));
    const student = spec.paths['/api/students/{id}'].get.responses;
    expect(Object.keys(student)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
  });

  it('refuses to start with a route that declares no success response', async () => {
    await expect(
      withRoute((a) => a.get('/api/undeclared', { config: { policy: publicRoute('test.undeclared') } }, async () => ({ ok: true }))),
    ).rejects.toThrow('GET /api/undeclared declares no success response');
  });

  it('answers 500 naming the status when a route sends one it did not declare', async () => {
    const candidate = await withRoute((a) => {
      const schema = { response: { 200: okResponse } };
      a.get('/api/teapot', { schema, config: { policy: publicRoute('test.teapot') } }, async (_request, reply) =>
        (reply as FastifyReply).status(418).send({ statusCode: 418, error: 'Teapot', message: 'short and stout' }),
      );
      a.get(
        '/api/conflict',
        { schema: { response: { 200: okResponse, 409: apiErrorResponse } }, config: { policy: publicRoute('test.conflict') } },
        async (_r, reply) => reply.status(409).send({ statusCode: 409, error: 'Conflict', message: 'declared' } as never),
      );
      a.get('/api/shape', { schema: { response: { 200: z.object({ n: z.number() }) } }, config: { policy: publicRoute('test.shape') } }, async () => ({
        n: 1,
        secret: 'stripped',
      }));
    });
    try {
      const teapot = await candidate.inject({ method: 'GET', url: '/api/teapot' });
      expect(teapot.statusCode).toBe(500);
      expect(teapot.json().message).toBe('Undeclared response: GET /api/teapot answered 418, which its schema.response does not list');
      const conflict = await candidate.inject({ method: 'GET', url: '/api/conflict' });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().message).toBe('declared');
      // a field the schema does not name never leaves the server
      expect((await candidate.inject({ method: 'GET', url: '/api/shape' })).json()).toEqual({ n: 1 });
    } finally {
      await candidate.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, TestClient } from '../test/test-app';

let app: FastifyInstance;
let t: Awaited<ReturnType<typeof createTenant>>;
let admin: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  admin = new TestClient(app);
  await admin.login(t.users.admin.email);
});
afterAll(async () => {
  await app.close();
});

describe('validators on API reads', () => {
  it('tags a read, answers 304 without a body while it holds, and a new tag once the data changed', async () => {
    const first = await admin.get('/api/settings/academic-sessions');
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await admin.get('/api/settings/academic-sessions', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    // a list of tags, and the strong form of the same tag, match too
    expect((await admin.get('/api/settings/academic-sessions', { 'if-none-match': `"x", ${tag.slice(2)}` })).statusCode).toBe(304);
    expect((await admin.get('/api/settings/academic-sessions', { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);

    const created = await admin.post('/api/settings/academic-sessions', { name: '2031/32', startDate: '2031-09-01', endDate: '2032-07-31' });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBeUndefined();
    const changed = await admin.get('/api/settings/academic-sessions', { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().items.map((s: { name: string }) => s.name)).toContain('2031/32');
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('gives each viewer their own answer: another user’s tag does not match', async () => {
    const parent = new TestClient(app);
    await parent.login(t.users.parent.email);
    const mine = await admin.get('/api/auth/session');
    const theirs = await parent.get('/api/auth/session', { 'if-none-match': mine.headers.etag as string });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().user.email).toBe(t.users.parent.email);
  });

  it('leaves refusals untagged', async () => {
    const refused = await new TestClient(app).get('/api/settings/academic-sessions');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers.etag).toBeUndefined();
  });
});

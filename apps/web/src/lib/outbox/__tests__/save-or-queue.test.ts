import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/api-client';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';
import { createTestQueryClient, mockApi, sampleUser } from '@/test/render';
import { clearOutbox, listChanges } from '../outbox';
import { conflictCurrent, saveOrQueue } from '../save-or-queue';

/* Issue 21: a save goes to the server when it can, and to the outbox when it cannot. */

const change = (date = '2024-01-08') => ({
  kind: 'register' as const,
  key: `register:c1:${date}`,
  label: 'Register of JSS 1 A',
  url: '/api/attendance/register',
  body: { classId: 'c1', date, entries: [{ studentId: 'a', status: 'Late' }], baseVersion: 'v1' },
  answerKey: ['attendance', 'register', 'c1', date],
  invalidate: [['attendance']],
});

function signedIn() {
  const client = createTestQueryClient();
  client.setQueryData(AUTH_ME_QUERY_KEY, { ...sampleUser, role: 'teacher' });
  return client;
}

afterEach(async () => {
  await clearOutbox();
});

describe('saveOrQueue', () => {
  it('sends the save when online and answers what the server saved', async () => {
    const requests = mockApi({
      'PUT /api/attendance/register': { status: 200, body: { version: 'v2' } },
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    });
    const outcome = await saveOrQueue(signedIn(), change());
    expect(outcome).toEqual({ saved: { version: 'v2' } });
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ baseVersion: 'v1' });
    expect(await listChanges()).toEqual([]);
  });

  it('keeps the save in the outbox without trying when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const requests = mockApi({});
    const outcome = await saveOrQueue(signedIn(), change());
    expect(outcome.queued).toMatchObject({ key: 'register:c1:2024-01-08', status: 'waiting', userId: sampleUser.id });
    expect(requests).toHaveLength(0);
  });

  it('keeps the save when the server cannot be reached, and a later save of the same register waits behind it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/csrf') return new Response(JSON.stringify({ token: 't' }), { status: 200 });
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await saveOrQueue(signedIn(), change())).queued).toBeTruthy();
    const requests = mockApi({ 'PUT /api/attendance/register': { status: 200, body: {} } });
    expect((await saveOrQueue(signedIn(), change())).queued).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(await listChanges()).toHaveLength(1);
  });

  it('throws a conflict as the server answered it, with the register saved meanwhile', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'PUT /api/attendance/register': { status: 409, body: { message: 'Someone else saved', current: { version: 'v9' } } },
    });
    const error = await saveOrQueue(signedIn(), change()).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(409);
    expect(conflictCurrent(error)).toEqual({ version: 'v9' });
    expect(await listChanges()).toEqual([]);
  });
});

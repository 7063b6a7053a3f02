import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/render';
import { clearOutbox, keepMine, listChanges, queueChange, type NewChange } from '../outbox';
import { syncOutbox } from '../sync';

/*
 * Issue 21: saves made offline wait in IndexedDB (here fake-indexeddb) and are sent in order when
 * the connection returns, each as the batch the server takes online, with the version it was made on.
 */

const ME = 'user-1';
const ADA = 'a0000000-0000-4000-8000-000000000001';
const BOLA = 'a0000000-0000-4000-8000-000000000002';

function registerChange(date: string, bola: string, baseVersion: string | null, userId = ME): NewChange {
  return {
    userId,
    kind: 'register',
    key: `register:c1:${date}`,
    label: `Register of JSS 1 A, ${date}`,
    method: 'PUT',
    url: '/api/attendance/register',
    body: {
      classId: 'c1',
      date,
      entries: [
        { studentId: ADA, status: 'Present' },
        { studentId: BOLA, status: bola },
      ],
      baseVersion,
    },
    headers: { 'x-academic-session': 's1' },
    answerKey: ['attendance', 'register', 'c1', date],
    invalidate: [['attendance']],
  };
}

const register = (date: string, bola: string, version: string, takenBy = 'Mr. Admin') => ({
  classId: 'c1',
  className: 'JSS 1 A',
  date,
  term: { id: 't', name: 'Second' },
  saved: true,
  takenBy,
  updatedAt: '2024-01-09T10:00:00.000Z',
  version,
  rows: [
    { studentId: ADA, name: 'Obi Ada', registrationNo: 'R1', status: 'Present' },
    { studentId: BOLA, name: 'Test Bola', registrationNo: 'R2', status: bola },
  ],
  counts: {},
});

const token = async () => 'csrf-1';

afterEach(async () => {
  await clearOutbox();
});

describe('the outbox', () => {
  it('keeps one change per register: a second save replaces what it sends, keeps its place and the version it was made on', async () => {
    await queueChange(registerChange('2024-01-08', 'Absent', 'v1'));
    await queueChange(registerChange('2024-01-09', 'Late', null));
    await queueChange(registerChange('2024-01-08', 'Excused', 'v2'));
    const changes = await listChanges(ME);
    expect(changes.map((c) => [c.key, (c.body.entries as Array<{ status: string }>)[1].status, c.body.baseVersion, c.status])).toEqual([
      ['register:c1:2024-01-08', 'Excused', 'v1', 'waiting'],
      ['register:c1:2024-01-09', 'Late', null, 'waiting'],
    ]);
  });

  it("sends the user's changes in the order made, with the CSRF token and the session, and forgets each the server took", async () => {
    await queueChange(registerChange('2024-01-08', 'Absent', 'v1'));
    await queueChange(registerChange('2024-01-09', 'Late', null));
    await queueChange(registerChange('2024-01-10', 'Late', null, 'someone-else'));
    const requests = mockApi({
      'PUT /api/attendance/register': ({ body }) => {
        const b = body as { date: string; entries: Array<{ status: string }> };
        return { status: 200, body: register(b.date, b.entries[1].status, `new-${b.date}`) };
      },
    });
    const sent: string[] = [];
    const summary = await syncOutbox({
      userId: ME,
      csrfToken: token,
      onSent: (change, answer) => sent.push(`${change.key} ${(answer as { version: string }).version}`),
    });
    expect(summary).toEqual({ sent: 2, conflicts: 0, refused: 0, stopped: false });
    expect(requests.map((r) => [r.method, (r.body as { date: string }).date, (r.body as { baseVersion: unknown }).baseVersion])).toEqual([
      ['PUT', '2024-01-08', 'v1'],
      ['PUT', '2024-01-09', null],
    ]);
    expect(requests[0].headers.get('x-csrf-token')).toBe('csrf-1');
    expect(requests[0].headers.get('x-academic-session')).toBe('s1');
    expect(sent).toEqual(['register:c1:2024-01-08 new-2024-01-08', 'register:c1:2024-01-09 new-2024-01-09']);
    // another user's change waits for that user's session
    expect((await listChanges()).map((c) => c.userId)).toEqual(['someone-else']);
  });

  it('stops at the first change that cannot reach the server, keeping it and what follows in order', async () => {
    await queueChange(registerChange('2024-01-08', 'Absent', 'v1'));
    await queueChange(registerChange('2024-01-09', 'Late', null));
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls++;
      throw new TypeError('Failed to fetch');
    });
    const summary = await syncOutbox({ userId: ME, csrfToken: token });
    expect(summary.stopped).toBe(true);
    expect(calls).toBe(1);
    expect((await listChanges(ME)).map((c) => c.status)).toEqual(['waiting', 'waiting']);
  });

  it('keeps a change the server refused as a conflict, with the register saved meanwhile, until the teacher chooses', async () => {
    await queueChange(registerChange('2024-01-08', 'Absent', 'v1'));
    const theirs = register('2024-01-08', 'Excused', 'v2');
    mockApi({ 'PUT /api/attendance/register': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Someone else saved', current: theirs } } });
    const summary = await syncOutbox({ userId: ME, csrfToken: token });
    expect(summary).toMatchObject({ sent: 0, conflicts: 1 });
    const [change] = await listChanges(ME);
    expect(change).toMatchObject({ status: 'conflict', refusal: { message: 'Someone else saved', current: theirs } });

    // a conflict is not sent again until the teacher keeps theirs or mine
    const requests = mockApi({ 'PUT /api/attendance/register': { status: 200, body: register('2024-01-08', 'Absent', 'v3') } });
    await syncOutbox({ userId: ME, csrfToken: token });
    expect(requests).toHaveLength(0);

    // "keep mine": sent again on the version the conflict showed
    await keepMine(change.id, 'v2');
    await syncOutbox({ userId: ME, csrfToken: token });
    expect((requests[0].body as { baseVersion: string }).baseVersion).toBe('v2');
    expect(await listChanges(ME)).toEqual([]);
  });

  it('forgets a change whose marks the server already has (an earlier send whose answer was lost)', async () => {
    await queueChange(registerChange('2024-01-08', 'Absent', 'v1'));
    mockApi({
      'PUT /api/attendance/register': { status: 409, body: { message: 'Someone else saved', current: register('2024-01-08', 'Absent', 'v2', 'Me') } },
    });
    const summary = await syncOutbox({ userId: ME, csrfToken: token });
    expect(summary).toMatchObject({ sent: 1, conflicts: 0 });
    expect(await listChanges(ME)).toEqual([]);
  });

  it('keeps a change refused for another reason with the server’s message, and waits on a server error', async () => {
    await queueChange(registerChange('2024-01-08', 'Absent', 'v1'));
    mockApi({ 'PUT /api/attendance/register': { status: 503, body: { message: 'Down' } } });
    expect((await syncOutbox({ userId: ME, csrfToken: token })).stopped).toBe(true);
    expect((await listChanges(ME))[0].status).toBe('waiting');
    mockApi({ 'PUT /api/attendance/register': { status: 400, body: { message: 'A student in the register is not in this class' } } });
    expect((await syncOutbox({ userId: ME, csrfToken: token })).refused).toBe(1);
    expect((await listChanges(ME))[0]).toMatchObject({ status: 'refused', refusal: { message: 'A student in the register is not in this class' } });
  });

  it('is emptied by signing out', async () => {
    await queueChange(registerChange('2024-01-08', 'Absent', 'v1'));
    await clearOutbox();
    expect(await listChanges()).toEqual([]);
  });
});

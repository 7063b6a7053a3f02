import { SHEET_CHANGED } from '@school/shared/results/scores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, batch, row, scoreRows, setUp, sheetUrl, studentIds, tearDown, teacher } from './results.test-kit';

/*
 * Issue 21: a score sheet carries a version, and a save that names the version its scores were typed
 * on is refused with 409 and the sheet as saved now when someone saved in between: scores entered
 * offline never overwrite an administrator's or a colleague's unseen.
 */

beforeAll(setUp);
afterAll(tearDown);

type Sheet = { version: string; rows: Array<{ studentId: string; test1: number | null; exam: number | null }> };
const rowOf = (sheet: Sheet, studentId: string) => sheet.rows.find((r) => r.studentId === studentId);

describe('the version of a score sheet', () => {
  it('moves with every saved change, and not with a save that changes nothing', async () => {
    const c = await teacher();
    const empty = (await c.get(sheetUrl())).json() as Sheet;
    expect(empty.version).toBe('0-0');
    const saved = await c.put('/api/results/scores', batch([row(studentIds.ada, 10, 10, 8, 40)], { baseVersion: empty.version }));
    expect(saved.statusCode).toBe(200);
    const v1 = (saved.json() as Sheet).version;
    expect(v1).toMatch(/^1-\d{20}$/);
    expect(((await c.get(sheetUrl())).json() as Sheet).version).toBe(v1);
    const same = await c.put('/api/results/scores', batch([row(studentIds.ada, 10, 10, 8, 40)], { baseVersion: v1 }));
    expect((same.json() as Sheet).version).toBe(v1);
    // a score removed moves it too
    const removed = await c.put('/api/results/scores', batch([row(studentIds.ada, null, null, null, null)], { baseVersion: v1 }));
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Sheet).version).toBe('0-0');
  });
});

describe('a save made on an older sheet', () => {
  it('is refused with 409, the message and the sheet as saved meanwhile, and writes nothing', async () => {
    const c = await teacher();
    const opened = (await c.get(sheetUrl())).json() as Sheet;
    // the administrator corrects Bola's exam while the teacher's scores wait (offline)
    const theirs = await (await admin()).put('/api/records/results/scores', batch([row(studentIds.bola, 12, 11, 9, 50)], { baseVersion: opened.version }));
    expect(theirs.statusCode).toBe(200);

    const mine = await c.put(
      '/api/results/scores',
      batch([row(studentIds.bola, 5, 5, 5, 20), row(studentIds.chi, 7, 7, 7, 30)], { baseVersion: opened.version }),
    );
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toBe(SHEET_CHANGED);
    const current = mine.json().current as Sheet;
    expect(current.version).toBe((theirs.json() as Sheet).version);
    expect(rowOf(current, studentIds.bola)).toMatchObject({ test1: 12, exam: 50 });
    // nothing of the refused batch was written, not even Chi's row
    const stored = await scoreRows();
    expect(stored.find((s) => s.studentId === studentIds.bola)).toMatchObject({ test1: 12, exam: 50 });
    expect(stored.find((s) => s.studentId === studentIds.chi)).toBeUndefined();
  });

  it('keeps mine when sent again on the version the conflict showed', async () => {
    const c = await teacher();
    const current = (await c.get(sheetUrl())).json() as Sheet;
    const res = await c.put('/api/results/scores', batch([row(studentIds.bola, 5, 5, 5, 20)], { baseVersion: current.version }));
    expect(res.statusCode).toBe(200);
    expect(rowOf(res.json() as Sheet, studentIds.bola)).toMatchObject({ test1: 5, exam: 20 });
  });

  it('saves over whatever is there without a version, as before', async () => {
    const res = await (await teacher()).put('/api/results/scores', batch([row(studentIds.bola, 6, 6, 6, 26)]));
    expect(res.statusCode).toBe(200);
    expect(rowOf(res.json() as Sheet, studentIds.bola)).toMatchObject({ test1: 6, exam: 26 });
  });
});

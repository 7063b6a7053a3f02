import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import * as schema from '../db/schema';
import { createClass, createClassSubject, createEnrolment, createStudent, createSubject } from '../test/factories';
import { createTenant, createTestApp, TestClient } from '../test/test-app';
import { SCHOOL_VERSION_EXEMPT, SchoolCache } from './school-cache';

/*
 * The cache of a school's figures is only as good as its key: every committed change to the school's
 * data must raise the school's version (migration 0012's triggers), and a figure read after a change
 * must include it, whichever way the change was made (an API call, another process, a direct write).
 */
type Tenant = Awaited<ReturnType<typeof createTenant>>;
let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let classId: string;
let termId: string;

const versionOf = async (schoolId: string) => {
  const [row] = await app.db.select().from(schema.schoolVersions).where(eq(schema.schoolVersions.schoolId, schoolId));
  return row?.version ?? 0;
};

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  classId = (await createClass(app.db, t, { level: 'JSS 1', arm: 'A' })).id;
  await createEnrolment(app.db, t, { studentId: t.student.id, classId });
  const [term] = await app.db
    .select()
    .from(schema.terms)
    .where(and(eq(schema.terms.schoolId, t.school.id), eq(schema.terms.academicSessionId, t.session.id)))
    .limit(1);
  termId = term.id;
});

afterAll(async () => {
  await app?.close();
});

describe('the school version', () => {
  it('is kept by a trigger on every table holding a school’s data, except the listed bookkeeping', async () => {
    const tables = rowsOf<{ table_name: string }>(
      await app.db.execute(sql`
        select c.table_name from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema = current_schema() and c.column_name = 'school_id' and tb.table_type = 'BASE TABLE'`),
    ).map((r) => r.table_name);
    const triggered = new Set(
      rowsOf<{ table_name: string }>(
        await app.db.execute(sql`select c.relname as table_name from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'school_version'`),
      ).map((r) => r.table_name),
    );
    const exempt = new Set<string>(SCHOOL_VERSION_EXEMPT);
    // a new table with school_id must get the trigger in its migration, or be listed with a reason
    expect(tables.filter((name) => !exempt.has(name) && !triggered.has(name))).toEqual([]);
    expect(tables.length).toBeGreaterThan(30);
    expect(triggered.has('schools')).toBe(true);
    expect([...exempt].filter((name) => triggered.has(name))).toEqual([]);
  });

  it('rises once per committed transaction, however many rows it writes, and only for the schools it touched', async () => {
    const [before, otherBefore] = [await versionOf(t.school.id), await versionOf(other.school.id)];
    await app.db.transaction(async (tx) => {
      await tx.insert(schema.subjects).values([
        { schoolId: t.school.id, name: 'Mathematics', code: 'MTH' },
        { schoolId: t.school.id, name: 'English Language', code: 'ENG' },
      ]);
      await tx
        .update(schema.classes)
        .set({ arm: 'A' })
        .where(and(eq(schema.classes.schoolId, t.school.id), eq(schema.classes.id, classId)));
      // not yet: the version moves when the transaction commits
      const [inside] = await tx.select().from(schema.schoolVersions).where(eq(schema.schoolVersions.schoolId, t.school.id));
      expect(inside?.version ?? 0).toBe(before);
    });
    expect(await versionOf(t.school.id)).toBe(before + 1);
    expect(await versionOf(other.school.id)).toBe(otherBefore);
  });

  it('does not move for a transaction that rolls back', async () => {
    const before = await versionOf(t.school.id);
    await expect(
      app.db.transaction(async (tx) => {
        await tx.insert(schema.subjects).values({ schoolId: t.school.id, name: 'Basic Science', code: 'BSC' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await versionOf(t.school.id)).toBe(before);
  });

  it('ignores sign-in bookkeeping on users but not a change of role or status', async () => {
    const before = await versionOf(t.school.id);
    await app.db.update(schema.users).set({ lastLoginAt: new Date(), failedLoginCount: 0 }).where(eq(schema.users.id, t.users.teacher.id));
    expect(await versionOf(t.school.id)).toBe(before);
    await app.db.update(schema.users).set({ status: 'disabled' }).where(eq(schema.users.id, t.users.teacher.id));
    expect(await versionOf(t.school.id)).toBe(before + 1);
    await app.db.update(schema.users).set({ status: 'active' }).where(eq(schema.users.id, t.users.teacher.id));
  });
});

describe('cached figures', () => {
  it('show a change made behind the server’s back (another process) on the next read', async () => {
    const admin = new TestClient(app);
    await admin.login(t.users.admin.email);
    const first = await admin.get('/api/dashboard/admin');
    expect(first.statusCode).toBe(200);
    const before = first.json().students.total;
    expect(before).toBe(1);
    // the same figures again come from the cache…
    expect((await admin.get('/api/dashboard/admin')).json().students.total).toBe(1);

    // …until the school's data changes: a student enrolled by a direct write
    await createStudent(app.db, t, { registrationNo: 'CACHE-1', firstName: 'Bola', lastName: 'Ade', gender: 'male', classId });
    const after = (await admin.get('/api/dashboard/admin')).json();
    expect(after.students.total).toBe(2);
    expect(after.students.male).toBe(1);
  });

  it('show a payment recorded through the API in the financial report straight away', async () => {
    const admin = new TestClient(app);
    await admin.login(t.users.admin.email);
    const [invoice] = await app.db.insert(schema.invoices).values({ schoolId: t.school.id, termId, classId, studentId: t.student.id }).returning();
    await app.db
      .insert(schema.invoiceLines)
      .values({ schoolId: t.school.id, invoiceId: invoice.id, kind: 'fee', description: 'Tuition', amountKobo: 5_000_000 });

    const report = async () => (await admin.get(`/api/reports/school/financial?termId=${termId}`)).json().totals;
    expect(await report()).toMatchObject({ invoices: 1, expectedKobo: 5_000_000, collectedKobo: 0, outstandingKobo: 5_000_000 });

    const paid = await admin.post('/api/finance/payments', { invoiceId: invoice.id, amount: '20000', method: 'Cash', reference: 'CACHE-PAY-1' });
    expect(paid.statusCode).toBe(201);
    expect(await report()).toMatchObject({ invoices: 1, expectedKobo: 5_000_000, collectedKobo: 2_000_000, outstandingKobo: 3_000_000 });
  });

  it('show a score written behind the server’s back in a student’s results on the next read', async () => {
    const admin = new TestClient(app);
    await admin.login(t.users.admin.email);
    const subject = await createSubject(app.db, t, { name: 'Cache Studies', code: 'CST' });
    await createClassSubject(app.db, t, { classId, subjectId: subject.id });
    const termOf = async () =>
      ((await admin.get(`/api/results/students/${t.student.id}`)).json() as { terms: { termId: string; total: number }[] }).terms.find(
        (x) => x.termId === termId,
      );
    const statements = async () => {
      const start = app.database.statements();
      const term = await termOf();
      return { term, count: app.database.statements() - start };
    };
    const first = await statements();
    const before = first.term;
    // the class's results are kept for the next reader (a classmate, a parent): the same answer, fewer queries…
    const second = await statements();
    expect(second.term).toEqual(before);
    expect(second.count).toBeLessThan(first.count);
    // …until the school's data changes
    await app.db.insert(schema.scores).values({ schoolId: t.school.id, studentId: t.student.id, subjectId: subject.id, termId, test1: 7, exam: 50 });
    const after = await termOf();
    expect(after?.total).toBe((before?.total ?? 0) + 57);
  });

  it('are not shared across schools', async () => {
    const admin = new TestClient(app);
    await admin.login(other.users.admin.email);
    expect((await admin.get('/api/dashboard/admin')).json().students.total).toBe(0);
  });
});

describe('SchoolCache', () => {
  it('computes a key once for requests that miss together, and forgets a failure', async () => {
    const cache = new SchoolCache();
    let runs = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 10));
    const [a, b] = await Promise.all([cache.get('k', slow), cache.get('k', slow)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);

    await expect(cache.get('bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('bad', async () => 'ok')).toBe('ok');
  });

  it('keeps at most 500 entries, dropping the least recently used', async () => {
    const cache = new SchoolCache();
    await cache.get('first', async () => 'kept');
    for (let i = 0; i < 600; i++) {
      await cache.get(`k${i}`, async () => i);
      await cache.get('first', async () => 'recomputed'); // used again each time: never the oldest
    }
    expect(cache.size).toBe(500);
    expect(await cache.get('first', async () => 'recomputed')).toBe('kept');
    expect(await cache.get('k0', async () => 'recomputed')).toBe('recomputed');
  });

  it('computes the keys it lacks together, once for requests that miss together', async () => {
    const cache = new SchoolCache();
    const asked: string[][] = [];
    const compute = async (missing: string[]) => {
      asked.push(missing);
      await new Promise((r) => setTimeout(r, 10));
      return new Map(missing.map((key) => [key, key.toUpperCase()]));
    };
    const [a, b] = await Promise.all([cache.getMany(['x', 'y'], compute), cache.getMany(['y', 'x'], compute)]);
    expect([a, b]).toEqual([
      ['X', 'Y'],
      ['Y', 'X'],
    ]);
    expect(await cache.getMany(['x', 'z', 'y'], compute)).toEqual(['X', 'Z', 'Y']);
    expect(asked).toEqual([['x', 'y'], ['z']]);

    await expect(cache.getMany(['bad'], async () => new Map())).rejects.toThrow('no value for bad');
    expect(await cache.getMany(['bad'], compute)).toEqual(['BAD']);
  });

  it('computes every time when turned off (SCHOOL_CACHE=off)', async () => {
    const cache = new SchoolCache(false);
    let runs = 0;
    await cache.get('k', async () => ++runs);
    await cache.get('k', async () => ++runs);
    expect(runs).toBe(2);
  });
});

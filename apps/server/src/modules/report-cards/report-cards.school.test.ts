import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStudent, createSubject, termOf, type Tenant } from '../../test/factories';
import { pdfPages } from '../../test/pdf';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';
import { runningJobs } from './report-cards.service';

/*
 * A whole school's report cards for the Second term of 2023/24: JSS 1 A (Obi Ada 148, Adebayo Bisi
 * 182) and JSS 2 B (Nwosu Chike 122, alone in the class), a class without students, and a class of
 * another session whose student must not appear.
 */
let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};
async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const jss2b = await createClass(app.db, t, { level: 'JSS 2', arm: 'B' });
  const jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A' });
  await createClass(app.db, t, { level: 'SSS 1', arm: 'A' });
  const maths = await createSubject(app.db, t, { name: 'Mathematics' });
  for (const c of [jss1a, jss2b]) await createClassSubject(app.db, t, { classId: c.id, subjectId: maths.id });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });
  const bisi = await createStudent(app.db, t, { firstName: 'Bisi', lastName: 'Adebayo', classId: jss1a.id });
  const chike = await createStudent(app.db, t, { firstName: 'Chike', lastName: 'Nwosu', classId: jss2b.id });
  const second = await termOf(app.db, t, 'Second');
  const marks: Array<[string, number, number, number, number]> = [
    [t.student.id, 12, 13, 8, 50],
    [bisi.id, 15, 15, 10, 55],
    [chike.id, 8, 7, 5, 25],
  ];
  for (const [studentId, test1, test2, assignment, exam] of marks) {
    await app.db.insert(schema.scores).values({ schoolId: t.school.id, studentId, subjectId: maths.id, termId: second.id, test1, test2, assignment, exam });
  }
  // another session of the school, with a class and a student of its own
  const [older] = await app.db.insert(schema.academicSessions).values({ schoolId: t.school.id, name: '2021/22', status: 'Inactive' }).returning();
  const [olderTerm] = await app.db
    .insert(schema.terms)
    .values({ schoolId: t.school.id, academicSessionId: older.id, name: 'First', startDate: '2021-09-13', endDate: '2021-12-17' })
    .returning();
  const olderClass = await createClass(app.db, { school: t.school, session: older }, { level: 'Primary 6', arm: 'A' });
  await createStudent(app.db, { school: t.school, session: older }, { firstName: 'Dayo', lastName: 'Old', classId: olderClass.id });
  Object.assign(ids, { second: second.id, third: (await termOf(app.db, t, 'Third')).id, olderTerm: olderTerm.id });
});
afterAll(async () => {
  await Promise.all([...runningJobs]);
  await app.close();
});

type Job = { id: string; status: string; done: number; total: number; classes: number; size: number | null; fileName: string; termId: string };

/** Polls the job until it is no longer running; answers it with every `done` seen on the way. */
async function finish(client: TestClient, job: Job) {
  const seen = [job.done];
  for (let i = 0; i < 200 && job.status === 'running'; i++) {
    await new Promise((r) => setTimeout(r, 25));
    const res = await client.get(`/api/report-cards/school-jobs/${job.id}`);
    expect(res.statusCode).toBe(200);
    job = res.json();
    seen.push(job.done);
  }
  return { job, seen };
}

/** The titles of the PDF's bookmarks, in order. */
async function bookmarks(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const outlines = doc.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  const titles: string[] = [];
  let item = outlines?.get(PDFName.of('First'));
  while (item instanceof PDFRef) {
    const dict = doc.context.lookup(item, PDFDict);
    titles.push(dict.lookup(PDFName.of('Title'), PDFHexString).decodeText());
    item = dict.get(PDFName.of('Next'));
  }
  return titles;
}

/** Each object the cross-reference table names starts where the table says (readers seek by it). */
function xrefMismatches(pdf: Buffer): number[] {
  const text = pdf.toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const [, header, ...lines] = text.slice(start).split('\n');
  const size = Number(header.split(' ')[1]);
  const bad: number[] = [];
  for (let n = 1; n < size; n++) if (!text.startsWith(`${n} 0 obj\n`, Number(lines[n].slice(0, 10)))) bad.push(n);
  return bad;
}

describe("a whole school's report cards as one PDF", () => {
  it("builds every class of the term's session, with progress to the total, then serves one PDF", async () => {
    const admin = await as(t.users.admin.email);
    const start = await admin.post('/api/report-cards/school-jobs', { termId: ids.second });
    expect(start.statusCode).toBe(202);
    expect(start.json()).toMatchObject({
      status: 'running',
      total: 3,
      done: 0,
      termId: ids.second,
      fileName: 'report-cards-all-classes-second-term-2023-24.pdf',
    });
    const { job, seen } = await finish(admin, start.json());
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, classes: 2, error: null });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(Math.max(...seen)).toBe(3);

    const file = await admin.get(`/api/report-cards/school-jobs/${job.id}/report-cards.pdf`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="report-cards-all-classes-second-term-2023-24.pdf"');
    expect(file.rawPayload.length).toBe(job.size);
    expect(file.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.7');
    expect(xrefMismatches(file.rawPayload)).toEqual([]);
    const pages = await pdfPages(file.rawPayload);
    // class after class in level order, each class's students by name, one page each
    expect(
      pages.map((p) => [
        p.find((s) => ['Obi Ada', 'Adebayo Bisi', 'Nwosu Chike', 'Old Dayo'].includes(s)),
        p.includes('JSS 1 A') ? 'JSS 1 A' : p.includes('JSS 2 B') ? 'JSS 2 B' : null,
      ]),
    ).toEqual([
      ['Adebayo Bisi', 'JSS 1 A'],
      ['Obi Ada', 'JSS 1 A'],
      ['Nwosu Chike', 'JSS 2 B'],
    ]);
    expect(pages[0]).toEqual(expect.arrayContaining(['Total: 95', 'Position: 1st of 2', 'Second Term, 2023/24 Session']));
    expect(pages[1]).toEqual(expect.arrayContaining(['Total: 83', 'Position: 2nd of 2']));
    expect(pages[2]).toEqual(expect.arrayContaining(['Total: 45', 'Position: 1st of 1']));
    expect(await bookmarks(file.rawPayload)).toEqual(['JSS 1 A', 'JSS 2 B']);

    const latest = await admin.get(`/api/report-cards/school-jobs?termId=${ids.second}`);
    expect(latest.json()).toEqual({ job: expect.objectContaining({ id: job.id, status: 'done', size: job.size }) });
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'report_card.school_pdf_requested')));
    expect(n).toBe(1);
  });

  it("a new build replaces the term's earlier file", async () => {
    const admin = await as(t.users.admin.email);
    const before = (await admin.get(`/api/report-cards/school-jobs?termId=${ids.second}`)).json().job;
    const { job } = await finish(admin, (await admin.post('/api/report-cards/school-jobs', { termId: ids.second })).json());
    expect(job).toMatchObject({ status: 'done', total: 3 });
    expect(job.id).not.toBe(before.id);
    expect((await admin.get(`/api/report-cards/school-jobs/${before.id}`)).statusCode).toBe(404);
    const parts = await app.db
      .select({ n: count() })
      .from(schema.schoolReportCardJobParts)
      .where(and(eq(schema.schoolReportCardJobParts.schoolId, t.school.id), eq(schema.schoolReportCardJobParts.jobId, before.id)));
    expect(parts[0].n).toBe(0);
  });

  it('answers the running build of the term instead of starting a second, and reports a silent one as interrupted', async () => {
    const admin = await as(t.users.admin.email);
    const [running] = await app.db
      .insert(schema.schoolReportCardJobs)
      .values({ schoolId: t.school.id, termId: ids.third, total: 3, done: 1, fileName: 'x.pdf' })
      .returning();
    const again = await admin.post('/api/report-cards/school-jobs', { termId: ids.third });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id: running.id, status: 'running', done: 1 });
    const early = await admin.get(`/api/report-cards/school-jobs/${running.id}/report-cards.pdf`);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('The report cards are not ready yet');

    await app.db
      .update(schema.schoolReportCardJobs)
      .set({ updatedAt: new Date(Date.now() - 3 * 60_000) })
      .where(and(eq(schema.schoolReportCardJobs.schoolId, t.school.id), eq(schema.schoolReportCardJobs.id, running.id)));
    expect((await admin.get(`/api/report-cards/school-jobs/${running.id}`)).json()).toMatchObject({
      status: 'failed',
      error: 'The build was interrupted. Please start it again.',
    });
    const fresh = await admin.post('/api/report-cards/school-jobs', { termId: ids.third });
    expect(fresh.json().id).not.toBe(running.id);
    expect((await finish(admin, fresh.json())).job).toMatchObject({ status: 'done', done: 3 });
  });

  it('refuses a missing term and a term whose session has no students', async () => {
    const admin = await as(t.users.admin.email);
    const missing = await admin.post('/api/report-cards/school-jobs', { termId: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ termId: 'Please Select a Term' });
    // the older session's only class has a student; a term of a new session has none
    const [empty] = await app.db.insert(schema.academicSessions).values({ schoolId: t.school.id, name: '2024/25', status: 'Inactive' }).returning();
    const [emptyTerm] = await app.db
      .insert(schema.terms)
      .values({ schoolId: t.school.id, academicSessionId: empty.id, name: 'First', startDate: '2024-09-09', endDate: '2024-12-13' })
      .returning();
    await createClass(app.db, { school: t.school, session: empty }, { level: 'JSS 1', arm: 'A' });
    const none = await admin.post('/api/report-cards/school-jobs', { termId: emptyTerm.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ termId: 'No students are enrolled in the classes of the 2024/25 session' });
    expect((await admin.get(`/api/report-cards/school-jobs?termId=${emptyTerm.id}`)).json()).toEqual({ job: null });
  });

  it('is for administrators of the school only: 401 signed out, 403 teachers, parents and students, 404 another school', async () => {
    const { job } = await finish(
      await as(t.users.admin.email),
      (await (await as(t.users.admin.email)).post('/api/report-cards/school-jobs', { termId: ids.olderTerm })).json(),
    );
    expect(job).toMatchObject({ status: 'done', total: 1 });
    const urls = [
      `/api/report-cards/school-jobs/${job.id}`,
      `/api/report-cards/school-jobs/${job.id}/report-cards.pdf`,
      `/api/report-cards/school-jobs?termId=${ids.second}`,
    ];
    expect((await app.inject({ method: 'GET', url: urls[0] })).statusCode).toBe(401);
    for (const role of ['teacher', 'parent', 'student'] as const) {
      const client = await as(t.users[role].email);
      const start = await client.post('/api/report-cards/school-jobs', { termId: ids.second });
      expect(start.statusCode, role).toBe(403);
      expect(start.json().message).toBe('You do not have permission to do this');
      for (const url of urls) expect((await client.get(url)).statusCode, `${role} ${url}`).toBe(403);
    }
    const stranger = await as(other.users.admin.email);
    for (const url of urls.slice(0, 2)) {
      const res = await stranger.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Report card job not found');
    }
    expect((await stranger.get(urls[2])).statusCode).toBe(404);
    const theirs = await stranger.post('/api/report-cards/school-jobs', { termId: ids.second });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Term not found');
  });
});

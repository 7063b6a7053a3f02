import { PIN_REQUIRED_MESSAGE } from '@school/shared/report-cards/schemas';
import { DEFAULT_RESULT_SETTINGS } from '@school/shared/results/settings';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject, termOf, type Tenant } from '../../test/factories';
import { pdfPages, pdfStrings } from '../../test/pdf';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';
import { computeClassTermResults } from '../results/results.service';
import { runningJobs } from './report-cards.service';

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};
async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}

/*
 * Hand-worked fixture, JSS 1 A, Second term (maxima 15/15/10/60):
 *            Maths (t1 t2 as ex = total)   English (…)            total  average  position
 *   Ada      12 13 8 50 = 83  A  2nd       10 10 5 40 = 65  B 3rd   148    74       2nd
 *   Bisi     15 15 10 55 = 95 A+ 1st       14 14 9 50 = 87  A 1st   182    91       1st
 *   Chike     8  7 5 25 = 45  D  3rd       12 12 8 45 = 77  A 2nd   122    61       3rd
 * Maths: class average 74.33, highest 95, lowest 45. English: 76.33, 87, 65. Class average 75.33.
 */
const SCORES: Record<string, Record<string, [number, number, number, number]>> = {
  ada: { maths: [12, 13, 8, 50], english: [10, 10, 5, 40] },
  bisi: { maths: [15, 15, 10, 55], english: [14, 14, 9, 50] },
  chike: { maths: [8, 7, 5, 25], english: [12, 12, 8, 45] },
};

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const adeyemi = await createStaff(app.db, t, { name: 'Mrs. Funmilayo Adeyemi', userId: t.users.teacher.id });
  const jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A', classTeacherId: adeyemi.id });
  const maths = await createSubject(app.db, t, { name: 'Mathematics' });
  const english = await createSubject(app.db, t, { name: 'English Language' });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: maths.id, teacherId: adeyemi.id });
  const bakare = await createStaff(app.db, t, { name: 'Mr. Tunde Bakare' });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: english.id, teacherId: bakare.id });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });
  const bisi = await createStudent(app.db, t, { firstName: 'Bisi', lastName: 'Adebayo', classId: jss1a.id });
  const chike = await createStudent(app.db, t, { firstName: 'Chike', lastName: 'Nwosu', classId: jss1a.id });
  const second = await termOf(app.db, t, 'Second');
  const third = await termOf(app.db, t, 'Third');
  const students: Record<string, string> = { ada: t.student.id, bisi: bisi.id, chike: chike.id };
  const subjects: Record<string, string> = { maths: maths.id, english: english.id };
  for (const [who, marks] of Object.entries(SCORES)) {
    for (const [subject, [test1, test2, assignment, exam]] of Object.entries(marks)) {
      await app.db
        .insert(schema.scores)
        .values({ schoolId: t.school.id, studentId: students[who], subjectId: subjects[subject], termId: second.id, test1, test2, assignment, exam });
    }
  }
  // three registers in the term: Ada present, late, absent → 2 of 3 days present
  const statuses = ['Present', 'Late', 'Absent'];
  for (const [i, date] of ['2024-01-09', '2024-01-10', '2024-01-11'].entries()) {
    const [register] = await app.db
      .insert(schema.attendanceRegisters)
      .values({ schoolId: t.school.id, classId: jss1a.id, termId: second.id, date })
      .returning();
    await app.db
      .insert(schema.attendanceEntries)
      .values({ schoolId: t.school.id, registerId: register.id, studentId: t.student.id, date, status: statuses[i] });
  }
  await app.db.insert(schema.teacherComments).values({
    schoolId: t.school.id,
    studentId: t.student.id,
    termId: second.id,
    classId: jss1a.id,
    authorName: 'Mrs. Funmilayo Adeyemi',
    comment: 'Neat work',
    score: 8,
  });
  ids = { jss1a: jss1a.id, second: second.id, third: third.id, bisi: bisi.id, chike: chike.id, thirdStart: third.startDate };
});
afterAll(async () => {
  await Promise.all([...runningJobs]);
  await app.close();
});

const cardUrl = (studentId = t.student.id, termId = ids.second) => `/api/report-cards/${studentId}?termId=${termId}`;

describe('report card', () => {
  it('answers 401 signed out and 403 to teachers', async () => {
    expect((await app.inject({ method: 'GET', url: cardUrl() })).statusCode).toBe(401);
    expect((await (await as(t.users.teacher.email)).get(cardUrl())).statusCode).toBe(403);
  });

  it('shows the hand-worked figures, equal to computeClassTermResults', async () => {
    const res = await (await as(t.users.admin.email)).get(cardUrl());
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card.student).toMatchObject({ name: 'Obi Ada', className: 'JSS 1 A', gender: 'female' });
    expect(card.term).toMatchObject({ name: 'Second', sessionName: '2023/24' });
    expect(card.overall).toEqual({ total: 148, average: 74, position: 2, subjectsTaken: 2, classSize: 3, classAverage: 75.33 });
    const bySubject = Object.fromEntries(card.subjects.map((s: { subjectName: string }) => [s.subjectName, s]));
    expect(bySubject.Mathematics).toMatchObject({
      test1: 12,
      test2: 13,
      assignment: 8,
      exam: 50,
      total: 83,
      grade: 'A',
      remark: 'Excellent',
      teacherName: 'Mrs. Funmilayo Adeyemi',
      position: 2,
      classAverage: 74.33,
      highest: 95,
      lowest: 45,
    });
    expect(bySubject['English Language']).toMatchObject({
      total: 65,
      grade: 'B',
      remark: 'Very Good',
      teacherName: 'Mr. Tunde Bakare',
      position: 3,
      classAverage: 76.33,
      highest: 87,
      lowest: 65,
    });
    // times school opened: the Second term's 65 weekdays (8 January to 5 April 2024), not the 3 registers
    expect(card.attendance).toEqual({ present: 2, daysOpen: 65, absent: 1 });
    expect(card.teacherComments).toEqual([{ comment: 'Neat work', score: 8, authorName: 'Mrs. Funmilayo Adeyemi' }]);
    expect(card.classTeacherName).toBe('Mrs. Funmilayo Adeyemi');
    expect(card.nextTermStartDate).toBe(ids.thirdStart);
    // no fee items for next term yet, nothing invoiced
    expect(card.fees).toEqual({ nextTermKobo: null, owedKobo: 0 });
    expect(card.published).toBe(false);
    expect(card.canEditPrincipalComment).toBe(true);
    // the school's default traits, none rated yet, with the key
    expect(card.ratings.affective).toHaveLength(8);
    expect(card.ratings.affective[0]).toEqual({ name: 'Punctuality', rating: null });
    expect(card.ratings.psychomotor.map((r: { name: string }) => r.name)).toContain('Handwriting');
    expect(card.ratings.key[0]).toEqual({ rating: 5, label: 'Excellent' });

    const results = await computeClassTermResults(app.db, { schoolId: t.school.id, classId: ids.jss1a, termId: ids.second });
    const row = results.students.find((s) => s.studentId === t.student.id)!;
    expect(card.overall).toMatchObject({ total: row.total, average: row.average, position: row.position, classAverage: results.classAverage });
    expect(card.subjects.map((s: { total: number }) => s.total)).toEqual(row.subjects.map((s) => s.total));
  });

  it('prints the same figures in the PDF text', async () => {
    const res = await (await as(t.users.admin.email)).get(`/api/report-cards/${t.student.id}/report-card.pdf?termId=${ids.second}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    const strings = pages[0];
    expect(strings).toEqual(
      expect.arrayContaining([
        'Total: 148',
        'Average: 74',
        'Position: 2nd of 3',
        'Class average: 75.33',
        'Times school opened: 65',
        'Times present: 2',
        'Times absent: 1',
        'Obi Ada',
        'Mathematics',
        '83',
        '74.33',
        'AFFECTIVE TRAITS',
        'PSYCHOMOTOR SKILLS',
        'Punctuality',
        'Key to ratings: 5 Excellent, 4 Very good, 3 Good, 2 Fair, 1 Poor',
      ]),
    );
    expect(strings.some((s) => s.includes('Neat work (8/10)'))).toBe(true);
    expect(strings).toEqual(
      expect.arrayContaining(['Remark', 'Subject teacher', 'Excellent', 'Mrs. Funmilayo Adeyemi', 'Mr. Tunde Bakare', "Principal's comment:"]),
    );
    expect(strings).toEqual(expect.arrayContaining(["Next term's fees: not set yet", 'Balance owed: NGN 0.00']));
    // no principal's comment yet: its heading with a line to write on, no placeholder
    expect(strings.some((s) => s.includes('No comment yet'))).toBe(false);
    expect(res.rawPayload.subarray(0, 8).toString()).toMatch(/^%PDF-1\.\d$/);
  });

  it('keeps unpublished results from the student and parent, then shows them once published', async () => {
    const student = await as(t.users.student.email);
    const hidden = await student.get(cardUrl());
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe('The results of this term are not published yet');
    expect((await student.get(`/api/report-cards/${t.student.id}/terms`)).json().items).toEqual([]);
    await app.db.insert(schema.resultPublications).values({ schoolId: t.school.id, termId: ids.second, classId: ids.jss1a });
    const shown = await student.get(cardUrl());
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ published: true, canEditPrincipalComment: false, overall: { total: 148 } });
    expect((await (await as(t.users.parent.email)).get(cardUrl())).statusCode).toBe(200);
    expect((await student.get(`/api/report-cards/${t.student.id}/terms`)).json().items.map((x: { termName: string }) => x.termName)).toEqual(['Second']);
  });

  it("answers 404 for another student, another family or another school's ids", async () => {
    expect((await (await as(t.users.student.email)).get(cardUrl(ids.bisi))).statusCode).toBe(404);
    expect((await (await as(t.users.parent.email)).get(cardUrl(ids.bisi))).statusCode).toBe(404);
    expect((await (await as(other.users.admin.email)).get(cardUrl())).statusCode).toBe(404);
    expect((await (await as(other.users.admin.email)).get(`/api/report-cards/${t.student.id}/terms`)).statusCode).toBe(404);
    expect((await (await as(t.users.admin.email)).get(cardUrl(t.student.id, (await termOf(app.db, other, 'Second')).id))).statusCode).toBe(404);
    expect((await (await as(t.users.admin.email)).get(`/api/report-cards/${t.student.id}?termId=`)).json().errors.termId).toBe('Please Select a Term');
  });

  it('answers 404 with its message for a class or term that is not an id', async () => {
    const admin = await as(t.users.admin.email);
    const cases = [
      [await admin.get(`/api/report-cards/${t.student.id}?termId=second`), 'Term not found'],
      [await admin.get(`/api/report-cards/classes/${ids.jss1a}?termId=second`), 'Term not found'],
      [await admin.post('/api/report-cards/class-jobs', { classId: 'jss1a', termId: ids.second }), 'Class not found'],
      [await admin.post('/api/report-cards/class-jobs', { classId: ids.jss1a, termId: 'second' }), 'Term not found'],
    ] as const;
    for (const [res, message] of cases) {
      expect(res.statusCode, message).toBe(404);
      expect(res.json().message).toBe(message);
    }
  });

  it('asks the student for a PIN when the school requires one', async () => {
    expect((await (await as(t.users.admin.email)).put('/api/results/settings', { ...DEFAULT_RESULT_SETTINGS, requirePin: true })).statusCode).toBe(200);
    const student = await as(t.users.student.email);
    const locked = await student.get(cardUrl());
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ message: PIN_REQUIRED_MESSAGE, errors: { pin: PIN_REQUIRED_MESSAGE } });
    expect((await student.get(`/api/report-cards/${t.student.id}/report-card.pdf?termId=${ids.second}`)).statusCode).toBe(403);
    // the results page (results module) asks for the newest term's PIN the same way
    const results = await student.get(`/api/results/students/${t.student.id}`);
    expect(results.statusCode).toBe(403);
    expect(results.json().errors).toEqual({ pin: PIN_REQUIRED_MESSAGE, termId: ids.second });
    // administrators are never asked
    expect((await (await as(t.users.admin.email)).get(cardUrl())).statusCode).toBe(200);
    const admin = await as(t.users.admin.email);
    const batch = await admin.post('/api/result-pins/batches', { quantity: 1, maxViews: 3 });
    const [{ pin }] = (await admin.get(`/api/result-pins/batches/${batch.json().id}/pins`)).json().pins;
    expect((await student.post('/api/result-pins/unlock', { pin, studentId: t.student.id, termId: ids.second })).statusCode).toBe(200);
    expect((await student.get(cardUrl())).statusCode).toBe(200);
    const opened = await student.get(`/api/results/students/${t.student.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().terms.map((x: { termName: string; total: number }) => [x.termName, x.total])).toEqual([['Second', 148]]);
    // another user (the parent) has not unlocked it
    expect((await (await as(t.users.parent.email)).get(`/api/results/students/${t.student.id}`)).statusCode).toBe(403);
    expect((await (await as(t.users.admin.email)).put('/api/results/settings', { ...DEFAULT_RESULT_SETTINGS, requirePin: false })).statusCode).toBe(200);
  });

  it("lets an administrator set the principal's comment, audited", async () => {
    const admin = await as(t.users.admin.email);
    const url = `/api/report-cards/${t.student.id}/principal-comment?termId=${ids.second}`;
    expect((await admin.put(url, { principalComment: '  ' })).json().errors.principalComment).toBe('Principal comment is required');
    expect((await (await as(t.users.student.email)).put(url, { principalComment: 'Good' })).statusCode).toBe(403);
    expect((await (await as(other.users.admin.email)).put(url, { principalComment: 'Good' })).statusCode).toBe(404);
    expect((await admin.put(url, { principalComment: 'A fine term.' })).statusCode).toBe(200);
    expect((await admin.put(url, { principalComment: 'A very fine term.' })).statusCode).toBe(200);
    expect((await admin.get(cardUrl())).json().principalComment).toBe('A very fine term.');
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'report_card.principal_comment')));
    expect(n).toBe(2);
  });

  it("shows next term's fees for the class level and what the student owes", async () => {
    const admin = await as(t.users.admin.email);
    const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);
    // next (third) term: JSS 1's items count, JSS 2's and the acceptance fee do not
    ok(await admin.post('/api/finance/fee-items', { termId: ids.third, classLevel: 'JSS 1', name: 'Tuition', amount: '45,000' }));
    ok(await admin.post('/api/finance/fee-items', { termId: ids.third, classLevel: 'JSS 1', name: 'PTA', amount: '5000.50' }));
    ok(await admin.post('/api/finance/fee-items', { termId: ids.third, classLevel: 'JSS 1', name: 'Acceptance', amount: '10,000', acceptance: true }));
    ok(await admin.post('/api/finance/fee-items', { termId: ids.third, classLevel: 'JSS 2', name: 'Tuition', amount: '60,000' }));
    // this term: ₦30,000 billed, ₦10,000 paid by Ada
    ok(await admin.post('/api/finance/fee-items', { termId: ids.second, classLevel: 'JSS 1', name: 'Tuition', amount: '30,000' }));
    ok(await admin.post('/api/finance/invoices/generate', { termId: ids.second }));
    const invoices = (await admin.get(`/api/finance/invoices?termId=${ids.second}`)).json().items as Array<{ id: string; studentId: string }>;
    const invoice = invoices.find((i) => i.studentId === t.student.id)!;
    ok(await admin.post('/api/finance/payments', { invoiceId: invoice.id, amount: '10,000', method: 'Cash', reference: 'TELLER-RC-1', payerName: 'Mrs Obi' }));

    const card = (await admin.get(cardUrl())).json();
    expect(card.fees).toEqual({ nextTermKobo: 5_000_050, owedKobo: 2_000_000 });
    expect((await admin.get(cardUrl(ids.bisi))).json().fees).toEqual({ nextTermKobo: 5_000_050, owedKobo: 3_000_000 });
    const strings = await pdfStrings((await admin.get(`/api/report-cards/${t.student.id}/report-card.pdf?termId=${ids.second}`)).rawPayload);
    expect(strings).toEqual(expect.arrayContaining(["Next term's fees: NGN 50,000.50", 'Balance owed: NGN 20,000.00', 'A very fine term.']));
  });
});

describe("a class's report cards as one PDF", () => {
  it('lists the class with overall figures', async () => {
    const res = await (await as(t.users.admin.email)).get(`/api/report-cards/classes/${ids.jss1a}?termId=${ids.second}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().students.map((s: { name: string; total: number; position: number }) => [s.name, s.total, s.position])).toEqual([
      ['Adebayo Bisi', 182, 1],
      ['Nwosu Chike', 122, 3],
      ['Obi Ada', 148, 2],
    ]);
  });

  it('builds a page per student, with progress, then serves the PDF', async () => {
    const admin = await as(t.users.admin.email);
    const start = await admin.post('/api/report-cards/class-jobs', { classId: ids.jss1a, termId: ids.second });
    expect(start.statusCode).toBe(202);
    expect(start.json()).toMatchObject({ status: 'running', total: 3, done: 0 });
    let job = start.json();
    for (let i = 0; i < 100 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await admin.get(`/api/report-cards/class-jobs/${job.id}`)).json();
      expect(job.done).toBeLessThanOrEqual(3);
    }
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3 });
    const file = await admin.get(`/api/report-cards/class-jobs/${job.id}/report-cards.pdf`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.toString('latin1')).toContain('/Count 3');
    const strings = await pdfStrings(file.rawPayload);
    expect(strings).toEqual(expect.arrayContaining(['Total: 182', 'Total: 148', 'Total: 122', 'Position: 1st of 3', 'Position: 3rd of 3']));
    // other schools and other roles cannot see it
    expect((await (await as(other.users.admin.email)).get(`/api/report-cards/class-jobs/${job.id}`)).statusCode).toBe(404);
    expect((await (await as(t.users.student.email)).get(`/api/report-cards/class-jobs/${job.id}`)).statusCode).toBe(403);
  });

  it('refuses a missing class or term, and 404s another school’s class', async () => {
    const admin = await as(t.users.admin.email);
    const res = await admin.post('/api/report-cards/class-jobs', { classId: '', termId: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ classId: 'Please Select a Class', termId: 'Please Select a Term' });
    expect((await (await as(other.users.admin.email)).post('/api/report-cards/class-jobs', { classId: ids.jss1a, termId: ids.second })).statusCode).toBe(404);
    expect((await (await as(t.users.parent.email)).post('/api/report-cards/class-jobs', { classId: ids.jss1a, termId: ids.second })).statusCode).toBe(403);
  });
});

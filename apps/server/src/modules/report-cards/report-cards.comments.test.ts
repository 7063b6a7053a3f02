import { suggestComment } from '@school/shared/report-cards/comment-bank';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject, termOf, type Tenant } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

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
 * JSS 1 A, Second term (as report-cards.test.ts): Ada (Obi Ada) average 74, 2nd; Bisi (Adebayo Bisi)
 * 91, 1st; Chike (Nwosu Chike) 61, 3rd. Dayo (Eze Dayo) is in JSS 1 B.
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
  const jss1b = await createClass(app.db, t, { level: 'JSS 1', arm: 'B' });
  const maths = await createSubject(app.db, t, { name: 'Mathematics' });
  const english = await createSubject(app.db, t, { name: 'English Language' });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: maths.id, teacherId: adeyemi.id });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: english.id, teacherId: adeyemi.id });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });
  const bisi = await createStudent(app.db, t, { firstName: 'Bisi', lastName: 'Adebayo', classId: jss1a.id });
  const chike = await createStudent(app.db, t, { firstName: 'Chike', lastName: 'Nwosu', classId: jss1a.id });
  const dayo = await createStudent(app.db, t, { firstName: 'Dayo', lastName: 'Eze', classId: jss1b.id });
  const second = await termOf(app.db, t, 'Second');
  const students: Record<string, string> = { ada: t.student.id, bisi: bisi.id, chike: chike.id };
  const subjects: Record<string, string> = { maths: maths.id, english: english.id };
  for (const [who, marks] of Object.entries(SCORES)) {
    for (const [subject, [test1, test2, assignment, exam]] of Object.entries(marks)) {
      await app.db
        .insert(schema.scores)
        .values({ schoolId: t.school.id, studentId: students[who], subjectId: subjects[subject], termId: second.id, test1, test2, assignment, exam });
    }
  }
  ids = { jss1a: jss1a.id, second: second.id, ada: t.student.id, bisi: bisi.id, chike: chike.id, dayo: dayo.id };
});
afterAll(async () => {
  await app.close();
});

const URL = '/api/report-cards/principal-comments';
const listUrl = () => `${URL}?termId=${ids.second}&classId=${ids.jss1a}`;
const body = (rows: { studentId: string; comment: string }[]) => ({ termId: ids.second, classId: ids.jss1a, rows });

async function remarks() {
  const rows = await app.db
    .select({ studentId: schema.reportCardRemarks.studentId, comment: schema.reportCardRemarks.principalComment })
    .from(schema.reportCardRemarks)
    .where(and(eq(schema.reportCardRemarks.schoolId, t.school.id), eq(schema.reportCardRemarks.termId, ids.second)));
  return Object.fromEntries(rows.map((r) => [r.studentId, r.comment]));
}
async function audits() {
  return app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'report_card.class_principal_comments')));
}

describe("a class's principal's comments", () => {
  it('answers 401 signed out, 403 to teachers, students and parents, 404 for another school’s class', async () => {
    expect((await app.inject({ method: 'GET', url: listUrl() })).statusCode).toBe(401);
    // signed out with the CSRF cookie and header, as the browser sends them
    expect((await new TestClient(app).put(URL, body([]))).statusCode).toBe(401);
    for (const email of [t.users.teacher.email, t.users.student.email, t.users.parent.email]) {
      const client = await as(email);
      expect((await client.get(listUrl())).statusCode).toBe(403);
      expect((await client.put(URL, body([{ studentId: ids.ada, comment: 'Good' }]))).statusCode).toBe(403);
    }
    const outsider = await as(other.users.admin.email);
    expect((await outsider.get(listUrl())).statusCode).toBe(404);
    expect((await outsider.put(URL, body([{ studentId: ids.ada, comment: 'Good' }]))).statusCode).toBe(404);
    expect(await remarks()).toEqual({});
  });

  it('lists the students with average, position, no comment yet and a suggestion from the bank', async () => {
    const res = await (await as(t.users.admin.email)).get(listUrl());
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data).toMatchObject({ className: 'JSS 1 A', termName: 'Second', published: false });
    const byName = Object.fromEntries(data.students.map((s: { name: string }) => [s.name, s]));
    expect(Object.keys(byName).sort()).toEqual(['Adebayo Bisi', 'Nwosu Chike', 'Obi Ada']);
    expect(byName['Obi Ada']).toMatchObject({ studentId: ids.ada, average: 74, position: 2, comment: null });
    expect(byName['Adebayo Bisi']).toMatchObject({ average: 91, position: 1, comment: null });
    expect(byName['Nwosu Chike']).toMatchObject({ average: 61, position: 3, comment: null });
    data.students.forEach((s: { average: number; suggestion: string }, i: number) => expect(s.suggestion).toBe(suggestComment(s.average, i)));
    expect((await (await as(t.users.admin.email)).get(`${URL}?termId=${ids.second}`)).statusCode).toBe(400);
  });

  it('saves the whole class in one go, audited once with before and after', async () => {
    const admin = await as(t.users.admin.email);
    const res = await admin.put(
      URL,
      body([
        { studentId: ids.ada, comment: '  A very good result; aim higher next term. ' },
        { studentId: ids.bisi, comment: 'An excellent result. Keep it up.' },
        { studentId: ids.chike, comment: '' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ saved: 2, removed: 0 });
    expect(await remarks()).toEqual({ [ids.ada]: 'A very good result; aim higher next term.', [ids.bisi]: 'An excellent result. Keep it up.' });
    const listed = (await admin.get(listUrl())).json().students;
    expect(listed.find((s: { studentId: string }) => s.studentId === ids.ada).comment).toBe('A very good result; aim higher next term.');
    // the single card shows it too
    expect((await admin.get(`/api/report-cards/${ids.bisi}?termId=${ids.second}`)).json().principalComment).toBe('An excellent result. Keep it up.');
    const logged = await audits();
    expect(logged).toHaveLength(1);
    expect(logged[0].before).toEqual({ classId: ids.jss1a, termId: ids.second, comments: { [ids.ada]: null, [ids.bisi]: null } });
    expect(logged[0].after).toMatchObject({
      comments: { [ids.ada]: 'A very good result; aim higher next term.', [ids.bisi]: 'An excellent result. Keep it up.' },
    });
  });

  it('removes an emptied comment, leaves unchanged ones, and writes nothing when nothing changed', async () => {
    const admin = await as(t.users.admin.email);
    const res = await admin.put(
      URL,
      body([
        { studentId: ids.ada, comment: 'A very good result; aim higher next term.' },
        { studentId: ids.bisi, comment: '' },
        { studentId: ids.chike, comment: 'A good start; more effort needed.' },
      ]),
    );
    expect(res.json()).toEqual({ saved: 1, removed: 1 });
    expect(await remarks()).toEqual({ [ids.ada]: 'A very good result; aim higher next term.', [ids.chike]: 'A good start; more effort needed.' });
    const logged = await audits();
    expect(logged).toHaveLength(2);
    const last = logged.find((a) => (a.after as { comments: Record<string, unknown> }).comments[ids.bisi] === null)!;
    expect(last.before).toMatchObject({ comments: { [ids.bisi]: 'An excellent result. Keep it up.', [ids.chike]: null } });
    expect((await admin.put(URL, body([{ studentId: ids.ada, comment: 'A very good result; aim higher next term.' }]))).json()).toEqual({
      saved: 0,
      removed: 0,
    });
    expect(await audits()).toHaveLength(2);
  });

  it('refuses the whole save, naming the student, for a comment too long or a student not in the class', async () => {
    const admin = await as(t.users.admin.email);
    const before = await remarks();
    const tooLong = await admin.put(
      URL,
      body([
        { studentId: ids.ada, comment: 'Changed' },
        { studentId: ids.chike, comment: 'x'.repeat(501) },
      ]),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe("Nwosu Chike's comment must be at most 500 characters");
    expect(tooLong.json().errors).toEqual({ [ids.chike]: "Nwosu Chike's comment must be at most 500 characters" });
    const stranger = await admin.put(
      URL,
      body([
        { studentId: ids.ada, comment: 'Changed' },
        { studentId: ids.dayo, comment: 'Good' },
      ]),
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors[ids.dayo]).toMatch(/not in JSS 1 A/);
    const twice = await admin.put(
      URL,
      body([
        { studentId: ids.ada, comment: 'Changed' },
        { studentId: ids.ada, comment: 'Again' },
      ]),
    );
    expect(twice.statusCode).toBe(400);
    expect(await remarks()).toEqual(before);
    expect(await audits()).toHaveLength(2);
  });
});

import { suggestClassTeacherComment } from '@school/shared/report-cards/comment-bank';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject, termOf, type Tenant } from '../../test/factories';
import { pdfStrings } from '../../test/pdf';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let ids: Record<string, string> = {};
let okaforEmail: string;
const clients: Record<string, TestClient> = {};
async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}

/*
 * JSS 1 A (class teacher Mrs. Funmilayo Adeyemi, the tenant's teacher), Second term: Ada (Obi Ada)
 * average 74, 2nd; Bisi (Adebayo Bisi) 91, 1st; Chike (Nwosu Chike) 61, 3rd. Dayo is in JSS 1 B,
 * whose class teacher is Mr. Chinedu Okafor.
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
  const okaforUser = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'teacher' });
  okaforEmail = okaforUser.email;
  const okafor = await createStaff(app.db, t, { name: 'Mr. Chinedu Okafor', userId: okaforUser.id });
  const jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A', classTeacherId: adeyemi.id });
  const jss1b = await createClass(app.db, t, { level: 'JSS 1', arm: 'B', classTeacherId: okafor.id });
  const maths = await createSubject(app.db, t, { name: 'Mathematics' });
  const english = await createSubject(app.db, t, { name: 'English Language' });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: maths.id, teacherId: adeyemi.id });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: english.id, teacherId: okafor.id });
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
  ids = { jss1a: jss1a.id, jss1b: jss1b.id, second: second.id, ada: t.student.id, bisi: bisi.id, chike: chike.id, dayo: dayo.id };
});
afterAll(async () => {
  await app.close();
});

const URL = '/api/report-cards/class-teacher-comments';
const listUrl = (classId = ids.jss1a) => `${URL}?termId=${ids.second}&classId=${classId}`;
const body = (rows: { studentId: string; comment: string }[], classId = ids.jss1a) => ({ termId: ids.second, classId, rows });

async function remarks() {
  const rows = await app.db
    .select({ studentId: schema.classTeacherRemarks.studentId, comment: schema.classTeacherRemarks.comment })
    .from(schema.classTeacherRemarks)
    .where(and(eq(schema.classTeacherRemarks.schoolId, t.school.id), eq(schema.classTeacherRemarks.termId, ids.second)));
  return Object.fromEntries(rows.map((r) => [r.studentId, r.comment]));
}
async function audits() {
  return app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'report_card.class_teacher_comments')));
}

describe("a class's class teacher's comments", () => {
  it('answers 401 signed out and 403 to students and parents, whatever the class', async () => {
    expect((await app.inject({ method: 'GET', url: listUrl() })).statusCode).toBe(401);
    expect((await new TestClient(app).put(URL, body([]))).statusCode).toBe(401);
    for (const email of [t.users.student.email, t.users.parent.email]) {
      const client = await as(email);
      expect((await client.get(listUrl())).statusCode).toBe(403);
      expect((await client.get(`${URL}/options`)).statusCode).toBe(403);
      expect((await client.put(URL, body([{ studentId: ids.ada, comment: 'Good' }]))).statusCode).toBe(403);
    }
    expect(await remarks()).toEqual({});
  });

  it('refuses a teacher another class (403 naming it) and another school its class (404)', async () => {
    const adeyemi = await as(t.users.teacher.email);
    const notHers = await adeyemi.get(listUrl(ids.jss1b));
    expect([notHers.statusCode, notHers.json().message]).toEqual([403, "Only the class teacher of JSS 1 B can write its class teacher's comments"]);
    expect((await adeyemi.put(URL, body([{ studentId: ids.dayo, comment: 'Good' }], ids.jss1b))).statusCode).toBe(403);
    // a subject teacher of the class is not its class teacher
    const okafor = await as(okaforEmail);
    expect((await okafor.get(listUrl())).statusCode).toBe(403);
    expect((await okafor.put(URL, body([{ studentId: ids.ada, comment: 'Good' }]))).statusCode).toBe(403);
    const outsider = await as(other.users.admin.email);
    expect((await outsider.get(listUrl())).statusCode).toBe(404);
    expect((await outsider.put(URL, body([{ studentId: ids.ada, comment: 'Good' }]))).statusCode).toBe(404);
    expect(await remarks()).toEqual({});
  });

  it('offers a teacher the classes they are class teacher of, an administrator every class', async () => {
    const mine = (await (await as(t.users.teacher.email)).get(`${URL}/options`)).json();
    expect(mine.classes).toEqual([{ id: ids.jss1a, name: 'JSS 1 A' }]);
    expect(mine.terms.map((x: { name: string }) => x.name)).toEqual(['First', 'Second', 'Third']);
    expect((await (await as(okaforEmail)).get(`${URL}/options`)).json().classes).toEqual([{ id: ids.jss1b, name: 'JSS 1 B' }]);
    const all = (await (await as(t.users.admin.email)).get(`${URL}/options`)).json();
    expect(all.classes.map((c: { name: string }) => c.name)).toEqual(['JSS 1 A', 'JSS 1 B']);
  });

  it("lists the class teacher's students with average, position and a suggestion in the class teacher's voice", async () => {
    const res = await (await as(t.users.teacher.email)).get(listUrl());
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data).toMatchObject({
      classId: ids.jss1a,
      termId: ids.second,
      className: 'JSS 1 A',
      termName: 'Second',
      published: false,
      classTeacherName: 'Mrs. Funmilayo Adeyemi',
      canEdit: true,
      lockedReason: null,
    });
    const byName = Object.fromEntries(data.students.map((s: { name: string }) => [s.name, s]));
    expect(byName['Obi Ada']).toMatchObject({ studentId: ids.ada, average: 74, position: 2, comment: null });
    expect(byName['Adebayo Bisi']).toMatchObject({ average: 91, position: 1, comment: null });
    const firstNames: Record<string, string> = { 'Obi Ada': 'Ada', 'Adebayo Bisi': 'Bisi', 'Nwosu Chike': 'Chike' };
    data.students.forEach((s: { name: string; average: number; suggestion: string }, i: number) =>
      expect(s.suggestion).toBe(suggestClassTeacherComment(s.average, i, firstNames[s.name])),
    );
    expect(byName['Adebayo Bisi'].suggestion).toMatch(/^Bisi /);
    expect((await (await as(t.users.teacher.email)).get(`${URL}?termId=${ids.second}`)).statusCode).toBe(400);
  });

  it('saves the whole class in one go, audited once, and the card shows the comment with the class teacher', async () => {
    const adeyemi = await as(t.users.teacher.email);
    const res = await adeyemi.put(
      URL,
      body([
        { studentId: ids.ada, comment: '  Ada is punctual and participates well in class. ' },
        { studentId: ids.bisi, comment: 'Bisi leads by example.' },
        { studentId: ids.chike, comment: '' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ saved: 2, removed: 0 });
    expect(await remarks()).toEqual({ [ids.ada]: 'Ada is punctual and participates well in class.', [ids.bisi]: 'Bisi leads by example.' });
    const logged = await audits();
    expect(logged).toHaveLength(1);
    expect(logged[0].userId).toBe(t.users.teacher.id);
    expect(logged[0].before).toEqual({ classId: ids.jss1a, termId: ids.second, comments: { [ids.ada]: null, [ids.bisi]: null } });

    const admin = await as(t.users.admin.email);
    const card = (await admin.get(`/api/report-cards/${ids.ada}?termId=${ids.second}`)).json();
    expect(card).toMatchObject({ classTeacherName: 'Mrs. Funmilayo Adeyemi', classTeacherComment: 'Ada is punctual and participates well in class.' });
    expect((await admin.get(`/api/report-cards/${ids.chike}?termId=${ids.second}`)).json().classTeacherComment).toBeNull();
    const strings = await pdfStrings((await admin.get(`/api/report-cards/${ids.ada}/report-card.pdf?termId=${ids.second}`)).rawPayload);
    expect(strings).toEqual(
      expect.arrayContaining(["Class teacher's comment (Mrs. Funmilayo Adeyemi):", 'Ada is punctual and participates well in class.', "Principal's comment:"]),
    );
    expect(strings.indexOf("Class teacher's comment (Mrs. Funmilayo Adeyemi):")).toBeLessThan(strings.indexOf("Principal's comment:"));
    // Chike's card: the headings with lines to write on, no placeholder
    const blank = await pdfStrings((await admin.get(`/api/report-cards/${ids.chike}/report-card.pdf?termId=${ids.second}`)).rawPayload);
    expect(blank).toEqual(expect.arrayContaining(["Class teacher's comment (Mrs. Funmilayo Adeyemi):"]));
    expect(blank.some((s) => s.includes('No comment yet'))).toBe(false);
  });

  it('removes an emptied comment, writes nothing when nothing changed, and refuses the whole save naming the student', async () => {
    const adeyemi = await as(t.users.teacher.email);
    const removed = await adeyemi.put(
      URL,
      body([
        { studentId: ids.ada, comment: 'Ada is punctual and participates well in class.' },
        { studentId: ids.bisi, comment: '' },
      ]),
    );
    expect(removed.json()).toEqual({ saved: 0, removed: 1 });
    expect(await remarks()).toEqual({ [ids.ada]: 'Ada is punctual and participates well in class.' });
    expect((await adeyemi.put(URL, body([{ studentId: ids.ada, comment: 'Ada is punctual and participates well in class.' }]))).json()).toEqual({
      saved: 0,
      removed: 0,
    });
    expect(await audits()).toHaveLength(2);

    const tooLong = await adeyemi.put(
      URL,
      body([
        { studentId: ids.ada, comment: 'Changed' },
        { studentId: ids.chike, comment: 'x'.repeat(501) },
      ]),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe("Nwosu Chike's comment must be at most 500 characters");
    expect(tooLong.json().errors).toEqual({ [ids.chike]: "Nwosu Chike's comment must be at most 500 characters" });
    const stranger = await adeyemi.put(
      URL,
      body([
        { studentId: ids.ada, comment: 'Changed' },
        { studentId: ids.dayo, comment: 'Good' },
      ]),
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors[ids.dayo]).toMatch(/not in JSS 1 A/);
    expect(await remarks()).toEqual({ [ids.ada]: 'Ada is punctual and participates well in class.' });
    expect(await audits()).toHaveLength(2);
  });

  it('leaves the comments of published results to administrators', async () => {
    const admin = await as(t.users.admin.email);
    const published = await admin.post('/api/records/results/publish', { termId: ids.second, classId: ids.jss1a });
    expect(published.statusCode).toBe(200);
    const adeyemi = await as(t.users.teacher.email);
    const list = (await adeyemi.get(listUrl())).json();
    expect(list).toMatchObject({ published: true, canEdit: false });
    expect(list.lockedReason).toMatch(/only an administrator can change/);
    const refused = await adeyemi.put(URL, body([{ studentId: ids.ada, comment: 'Changed after publication' }]));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(list.lockedReason);
    expect((await admin.get(listUrl())).json()).toMatchObject({ published: true, canEdit: true, lockedReason: null });
    const corrected = await admin.put(URL, body([{ studentId: ids.ada, comment: 'Ada is punctual and neat.' }]));
    expect(corrected.json()).toEqual({ saved: 1, removed: 0 });
    expect(await remarks()).toEqual({ [ids.ada]: 'Ada is punctual and neat.' });
  });
});

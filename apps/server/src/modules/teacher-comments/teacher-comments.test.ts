import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject, termOf, type Tenant } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';
import { commentsForStudents } from './teacher-comments.service';

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let ids: Record<string, string> = {};
/** Every school of the test's database. */
const everySchool = () => [t.school.id, other.school.id];
let otherTeacherEmail: string;
const clients: Record<string, TestClient> = {};
async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}
const body = (overrides: Record<string, unknown> = {}) => ({
  comment: 'Neat work, Punctual',
  classId: ids.jss1a,
  studentId: t.student.id,
  termId: ids.second,
  score: 7,
  ...overrides,
});

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const adeyemi = await createStaff(app.db, t, { name: 'Mrs. Funmilayo Adeyemi', userId: t.users.teacher.id });
  const okaforUser = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'teacher' });
  otherTeacherEmail = okaforUser.email;
  const okafor = await createStaff(app.db, t, { name: 'Mr. Chinedu Okafor', userId: okaforUser.id });
  const jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A', classTeacherId: adeyemi.id });
  const jss1b = await createClass(app.db, t, { level: 'JSS 1', arm: 'B' });
  const maths = await createSubject(app.db, t, { name: 'Mathematics' });
  await createClassSubject(app.db, t, { classId: jss1b.id, subjectId: maths.id, teacherId: okafor.id });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: maths.id });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });
  const bisi = await createStudent(app.db, t, { firstName: 'Bisi', lastName: 'Adebayo', classId: jss1a.id });
  const emeka = await createStudent(app.db, t, { firstName: 'Emeka', lastName: 'Eze', classId: jss1b.id });
  const otherClass = await createClass(app.db, other, { level: 'JSS 1', arm: 'A' });
  ids = {
    jss1a: jss1a.id,
    jss1b: jss1b.id,
    maths: maths.id,
    bisi: bisi.id,
    emeka: emeka.id,
    first: (await termOf(app.db, t, 'First')).id,
    second: (await termOf(app.db, t, 'Second')).id,
    otherClass: otherClass.id,
  };
});
afterAll(async () => {
  await app.close();
});

describe('teacher comments', () => {
  it('answers 401 signed out and 403 to students and parents', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/teacher-comments' })).statusCode).toBe(401);
    expect((await (await as(t.users.student.email)).get('/api/teacher-comments')).statusCode).toBe(403);
    expect((await (await as(t.users.parent.email)).post('/api/teacher-comments', body())).statusCode).toBe(403);
  });

  it("gives a class teacher their class's students to comment on", async () => {
    const res = await (await as(t.users.teacher.email)).get('/api/teacher-comments/options');
    expect(res.statusCode).toBe(200);
    expect(res.json().classes).toEqual([{ id: ids.jss1a, name: 'JSS 1 A' }]);
    expect(
      res
        .json()
        .students.map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['Ada Obi', 'Bisi Adebayo']);
  });

  it('adds each comma-separated comment as a chip with the score', async () => {
    const res = await (await as(t.users.teacher.email)).post('/api/teacher-comments', body({ comment: ' Neat work, , Punctual ,' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().items.map((c: { comment: string; score: number }) => [c.comment, c.score])).toEqual([
      ['Neat work', 7],
      ['Punctual', 7],
    ]);
    const low = await (await as(t.users.teacher.email)).post('/api/teacher-comments', body({ comment: 'Talks in class', score: '3', subjectId: ids.maths }));
    expect(low.statusCode).toBe(201);
    expect(low.json().items[0]).toMatchObject({ comment: 'Talks in class', score: 3, subject: { name: 'Mathematics' } });
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(schema.auditLog)
      .where(and(inArray(schema.auditLog.schoolId, everySchool()), eq(schema.auditLog.action, 'teacher_comment.added')));
    expect(n).toBe(2);
  });

  it.each([
    ['comment', { comment: '' }, 'Enter a comment'],
    ['comment', { comment: ' , , ' }, 'Enter a comment'],
    ['classId', { classId: '' }, 'Class is required'],
    ['studentId', { studentId: ' ' }, 'Name is required'],
    ['termId', { termId: '' }, 'Term is required'],
    ['score', { score: 11 }, 'Score must be a whole number from 0 to 10'],
    ['score', { score: -1 }, 'Score must be a whole number from 0 to 10'],
    ['score', { score: 4.5 }, 'Score must be a whole number from 0 to 10'],
  ])('refuses a bad %s with its message', async (field, overrides, message) => {
    const res = await (await as(t.users.teacher.email)).post('/api/teacher-comments', body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it("refuses a class the teacher does not teach, and a student of another class; another school's ids are 404", async () => {
    const teacher = await as(t.users.teacher.email);
    const notMine = await teacher.post('/api/teacher-comments', body({ classId: ids.jss1b, studentId: ids.emeka }));
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe('You do not teach JSS 1 B');
    const wrongClass = await teacher.post('/api/teacher-comments', body({ studentId: ids.emeka }));
    expect(wrongClass.statusCode).toBe(400);
    expect(wrongClass.json().errors.studentId).toBe('This student is not in JSS 1 A');
    expect((await teacher.post('/api/teacher-comments', body({ classId: ids.otherClass }))).statusCode).toBe(404);
    expect((await teacher.post('/api/teacher-comments', body({ studentId: other.student.id }))).statusCode).toBe(404);
  });

  it('answers 404 with its message for a class, term, student or subject that is not an id, writing nothing', async () => {
    const teacher = await as(t.users.teacher.email);
    const [before] = await app.db.select({ n: count() }).from(schema.teacherComments).where(inArray(schema.teacherComments.schoolId, everySchool()));
    for (const [overrides, message] of [
      [{ classId: 'jss1a' }, 'Class not found'],
      [{ termId: 'second' }, 'Term not found'],
      [{ studentId: 'ada' }, 'Student not found'],
      [{ subjectId: 'maths' }, 'Subject not found'],
    ] as const) {
      const res = await teacher.post('/api/teacher-comments', body(overrides));
      expect(res.statusCode, message).toBe(404);
      expect(res.json().message).toBe(message);
    }
    const read = await (await as(t.users.admin.email)).get(`/api/teacher-comments/students/${t.student.id}?termId=second`);
    expect([read.statusCode, read.json().message]).toEqual([404, 'Term not found']);
    expect(await app.db.select({ n: count() }).from(schema.teacherComments).where(inArray(schema.teacherComments.schoolId, everySchool()))).toEqual([before]);
  });

  it("lists a teacher's students with their chips; the subject filter narrows them", async () => {
    const teacher = await as(t.users.teacher.email);
    const res = await teacher.get(`/api/teacher-comments?termId=${ids.second}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().items as Array<{ name: string; comments: Array<{ comment: string }> }>;
    expect(rows.map((r) => r.name)).toEqual(['Bisi Adebayo', 'Ada Obi']);
    expect(rows[1].comments.map((c) => c.comment)).toEqual(['Neat work', 'Punctual', 'Talks in class']);
    const maths = await teacher.get(`/api/teacher-comments?termId=${ids.second}&subjectId=${ids.maths}`);
    expect(maths.json().items[1].comments.map((c: { comment: string }) => c.comment)).toEqual(['Talks in class']);
    const first = await teacher.get(`/api/teacher-comments?termId=${ids.first}`);
    expect(first.json().items[1].comments).toEqual([]);
    // another teacher of the school sees only their class (JSS 1 B), an admin sees everyone
    const okafor = await (await as(otherTeacherEmail)).get(`/api/teacher-comments?termId=${ids.second}`);
    expect(okafor.json().items.map((r: { name: string }) => r.name)).toEqual(['Emeka Eze']);
    const admin = await (await as(t.users.admin.email)).get(`/api/teacher-comments?termId=${ids.second}`);
    expect(admin.json().items).toHaveLength(3);
    const otherAdmin = await (await as(other.users.admin.email)).get(`/api/teacher-comments?termId=${ids.second}`);
    expect(otherAdmin.json().items).toEqual([]);
  });

  it('feeds commentsForStudents (every asked id present)', async () => {
    const map = await commentsForStudents(app.db, { schoolId: t.school.id, termId: ids.second, studentIds: [t.student.id, ids.bisi] });
    expect(map.get(t.student.id)!.map((c) => `${c.comment}:${c.score}`)).toEqual(['Neat work:7', 'Punctual:7', 'Talks in class:3']);
    expect(map.get(ids.bisi)).toEqual([]);
  });

  it('lets only the author remove a comment', async () => {
    const list = await (await as(t.users.teacher.email)).get(`/api/teacher-comments?termId=${ids.second}`);
    const chip = list.json().items[1].comments[0];
    expect(chip.canDelete).toBe(true);
    const url = `/api/teacher-comments/${chip.id}`;
    expect((await (await as(otherTeacherEmail)).request({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await (await as(other.users.teacher.email)).request({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await (await as(t.users.teacher.email)).request({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await (await as(t.users.teacher.email)).request({ method: 'DELETE', url })).statusCode).toBe(404);
  });

  it("shows a student and their parents the term's comments once published; administrators always", async () => {
    const url = `/api/teacher-comments/students/${t.student.id}?termId=${ids.second}`;
    const student = await as(t.users.student.email);
    expect((await student.get(url)).json().items).toEqual([]);
    expect((await (await as(t.users.admin.email)).get(url)).json().items.length).toBeGreaterThan(0);
    await app.db.insert(schema.resultPublications).values({ schoolId: t.school.id, termId: ids.second, classId: ids.jss1a });
    const shown = (await student.get(url)).json().items as Array<{ comment: string; subject: { name: string } | null }>;
    expect(shown.map((c) => [c.comment, c.subject?.name ?? null])).toEqual([
      ['Punctual', null],
      ['Talks in class', 'Mathematics'],
    ]);
    expect((await (await as(t.users.parent.email)).get(url)).json().items).toHaveLength(2);
    expect((await student.get(`/api/teacher-comments/students/${ids.bisi}?termId=${ids.second}`)).statusCode).toBe(404);
    expect((await (await as(other.users.parent.email)).get(url)).statusCode).toBe(404);
    expect((await (await as(t.users.teacher.email)).get(url)).statusCode).toBe(403);
  });
});

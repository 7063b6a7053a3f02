import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createSubject, termOf, type Tenant } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';

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
const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

const body = (overrides: Record<string, unknown> = {}) => ({
  termId: ids.second,
  classId: ids.jss1a,
  subjectId: ids.maths,
  title: 'Fractions exercise',
  description: 'Do exercise 4B, questions 1 to 10.',
  dueDate: '2024-02-02',
  ...overrides,
});

let otherTeacherEmail: string;

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const adeyemi = await createStaff(app.db, t, { name: 'Mrs. Funmilayo Adeyemi', userId: t.users.teacher.id });
  const okaforUser = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'teacher' });
  otherTeacherEmail = okaforUser.email;
  const okafor = await createStaff(app.db, t, { name: 'Mr. Chinedu Okafor', userId: okaforUser.id });
  const jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A' });
  const jss1b = await createClass(app.db, t, { level: 'JSS 1', arm: 'B' });
  const maths = await createSubject(app.db, t, { name: 'Mathematics' });
  const english = await createSubject(app.db, t, { name: 'English Language' });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: maths.id, teacherId: adeyemi.id });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: english.id, teacherId: okafor.id });
  await createClassSubject(app.db, t, { classId: jss1b.id, subjectId: maths.id, teacherId: okafor.id });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });
  const otherClass = await createClass(app.db, other, { level: 'JSS 1', arm: 'A' });
  ids = {
    jss1a: jss1a.id,
    jss1b: jss1b.id,
    maths: maths.id,
    english: english.id,
    second: (await termOf(app.db, t, 'Second')).id,
    otherClass: otherClass.id,
    otherTerm: (await termOf(app.db, other, 'Second')).id,
  };
});
afterAll(async () => {
  await app.close();
});

describe('assignments', () => {
  let created: { id: string };

  it('answers 401 when signed out', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/assignments' });
    expect(res.statusCode).toBe(401);
  });

  it('gives a teacher the classes and subjects they teach', async () => {
    const res = await (await as(t.users.teacher.email)).get('/api/assignments/options');
    expect(res.statusCode).toBe(200);
    const options = res.json();
    expect(options.classes).toEqual([{ id: ids.jss1a, name: 'JSS 1 A' }]);
    expect(options.subjects).toEqual([{ id: ids.maths, name: 'Mathematics' }]);
    expect(options.terms.map((x: { name: string }) => x.name)).toEqual(['First', 'Second', 'Third']);
  });

  it('sets an assignment and audits it', async () => {
    const res = await (await as(t.users.teacher.email)).post('/api/assignments', body({ title: '  Fractions exercise ' }));
    expect(res.statusCode).toBe(201);
    created = res.json();
    expect(created).toMatchObject({
      title: 'Fractions exercise',
      dueDate: '2024-02-02',
      class: { name: 'JSS 1 A' },
      subject: { name: 'Mathematics' },
      teacher: { name: 'Mrs. Funmilayo Adeyemi' },
      canEdit: true,
    });
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'assignment.created'), eq(schema.auditLog.entityId, created.id)));
    expect(n).toBe(1);
  });

  it.each([
    ['title', { title: '  ' }, 'Title is Required'],
    ['description', { description: '' }, 'description is required'],
    ['dueDate', { dueDate: '' }, 'Due date is required'],
    ['dueDate', { dueDate: '2024-02-31' }, 'Invalid due date'],
    ['termId', { termId: '' }, 'Please Select a Term'],
    ['classId', { classId: '' }, 'Please Select a Class'],
    ['subjectId', { subjectId: '' }, 'Please Select a subject'],
  ])('refuses a missing or bad %s with the message', async (field, overrides, message) => {
    const res = await (await as(t.users.teacher.email)).post('/api/assignments', body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a subject the teacher does not teach in the class', async () => {
    const res = await (await as(t.users.teacher.email)).post('/api/assignments', body({ subjectId: ids.english }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You do not teach English Language in JSS 1 A');
  });

  it("answers 404 for another school's class or term", async () => {
    const teacher = await as(t.users.teacher.email);
    expect((await teacher.post('/api/assignments', body({ classId: ids.otherClass }))).statusCode).toBe(404);
    expect((await teacher.post('/api/assignments', body({ termId: ids.otherTerm }))).statusCode).toBe(404);
  });

  it('answers 404 with its message for a class, subject or term that is not an id', async () => {
    const teacher = await as(t.users.teacher.email);
    for (const [overrides, message] of [
      [{ classId: 'jss1a' }, 'Class not found'],
      [{ subjectId: 'maths' }, 'Subject not found'],
      [{ termId: 'second' }, 'Term not found'],
    ] as const) {
      const res = await teacher.post('/api/assignments', body(overrides));
      expect(res.statusCode, message).toBe(404);
      expect(res.json().message).toBe(message);
    }
  });

  it('answers 403 to a student and a parent writing', async () => {
    expect((await (await as(t.users.student.email)).post('/api/assignments', body())).statusCode).toBe(403);
    expect((await (await as(t.users.parent.email)).post('/api/assignments', body())).statusCode).toBe(403);
  });

  it('lists a teacher their own assignments only', async () => {
    const mine = await (await as(t.users.teacher.email)).get('/api/assignments');
    expect(mine.json().items.map((a: { id: string }) => a.id)).toEqual([created.id]);
    const theirs = await (await as(otherTeacherEmail)).get('/api/assignments');
    expect(theirs.json().items).toEqual([]);
    const admin = await (await as(t.users.admin.email)).get('/api/assignments');
    expect(admin.json().items).toHaveLength(1);
    expect(admin.json().items[0].canEdit).toBe(false);
    const otherAdmin = await (await as(other.users.admin.email)).get('/api/assignments');
    expect(otherAdmin.json().items).toEqual([]);
  });

  it("shows the students of the class and their parents the class's assignments", async () => {
    const student = await (await as(t.users.student.email)).get(`/api/students/${t.student.id}/assignments`);
    expect(student.statusCode).toBe(200);
    expect(student.json().items.map((a: { title: string }) => a.title)).toEqual(['Fractions exercise']);
    const parent = await (await as(t.users.parent.email)).get(`/api/students/${t.student.id}/assignments`);
    expect(parent.json().items).toHaveLength(1);
    // another school's student, or the same school's student who is not theirs
    expect((await (await as(other.users.student.email)).get(`/api/students/${t.student.id}/assignments`)).statusCode).toBe(404);
    expect((await (await as(t.users.student.email)).get(`/api/students/${other.student.id}/assignments`)).statusCode).toBe(404);
  });

  it('lets only its teacher edit it', async () => {
    const res = await (await as(t.users.teacher.email)).put(`/api/assignments/${created.id}`, body({ title: 'Fractions, part 2', dueDate: '2024-02-09' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Fractions, part 2', dueDate: '2024-02-09' });
    expect((await (await as(otherTeacherEmail)).put(`/api/assignments/${created.id}`, body())).statusCode).toBe(404);
    const bad = await (await as(t.users.teacher.email)).put(`/api/assignments/${created.id}`, body({ title: '' }));
    expect(bad.json().errors.title).toBe('Title is Required');
  });

  it('lets only its teacher delete it, and audits the deletion', async () => {
    expect((await del(await as(otherTeacherEmail), `/api/assignments/${created.id}`)).statusCode).toBe(404);
    expect((await del(await as(other.users.teacher.email), `/api/assignments/${created.id}`)).statusCode).toBe(404);
    expect((await del(await as(t.users.teacher.email), `/api/assignments/${created.id}`)).statusCode).toBe(204);
    expect((await del(await as(t.users.teacher.email), `/api/assignments/${created.id}`)).statusCode).toBe(404);
    // in every school of the test's database
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(schema.auditLog)
      .where(and(inArray(schema.auditLog.schoolId, [t.school.id, other.school.id]), eq(schema.auditLog.action, 'assignment.deleted')));
    expect(n).toBe(1);
  });
});

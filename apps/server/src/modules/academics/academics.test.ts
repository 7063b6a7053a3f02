import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

let app: FastifyInstance;
let tenant: Tenant;
let other: Tenant;
let world: Awaited<ReturnType<typeof buildSchool>>;
let otherWorld: Awaited<ReturnType<typeof buildSchool>>;
const clients = {} as Record<'admin' | 'teacher' | 'student' | 'parent' | 'superAdmin' | 'otherAdmin', TestClient>;

/** Staff, subjects, two classes of the Active session (the student in JSS 1 A) and one of last session. */
async function buildSchool(db: Db, t: Tenant) {
  const schoolId = t.school.id;
  const [previous] = await db
    .select()
    .from(schema.academicSessions)
    .where(and(eq(schema.academicSessions.schoolId, schoolId), eq(schema.academicSessions.name, '2022/23')));
  const me = await createStaff(db, t, { userId: t.users.teacher.id, name: 'Mrs. Funmi Adeyemi' });
  const colleague = await createStaff(db, t, { name: 'Mr. Tunde Bello' });
  const principal = await createStaff(db, t, { staffType: 'Principal', name: 'Dr. Grace Okafor' });
  const english = await createSubject(db, t, { name: 'English Language', code: 'ENG' });
  const maths = await createSubject(db, t, { name: 'Mathematics', code: 'MTH' });
  const physics = await createSubject(db, t, { name: 'Physics', code: 'PHY' });
  const jss1a = await createClass(db, t, { level: 'JSS 1', arm: 'A', classTeacherId: me.id });
  const jss1b = await createClass(db, t, { level: 'JSS 1', arm: 'B', classTeacherId: colleague.id });
  const old = await createClass(db, t, { academicSessionId: previous.id, level: 'Primary 6', arm: 'A', classTeacherId: colleague.id });
  await createClassSubject(db, t, { classId: jss1a.id, subjectId: english.id, teacherId: me.id });
  await createClassSubject(db, t, { classId: jss1a.id, subjectId: maths.id, teacherId: colleague.id });
  await createClassSubject(db, t, { classId: jss1b.id, subjectId: english.id, teacherId: colleague.id });
  await createClassSubject(db, t, { classId: jss1b.id, subjectId: maths.id, teacherId: me.id });
  await createEnrolment(db, t, { studentId: t.student.id, classId: jss1a.id });
  const classmate = await createStudent(db, t, {
    registrationNo: `REG-${schoolId.slice(0, 6)}-2`,
    firstName: 'Bola',
    lastName: 'Ade',
    gender: 'male',
    classId: jss1a.id,
  });
  return { previous, me, colleague, principal, english, maths, physics, jss1a, jss1b, old, classmate };
}

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  world = await buildSchool(app.db, tenant);
  otherWorld = await buildSchool(app.db, other);
  for (const [key, email] of [
    ['admin', tenant.users.admin.email],
    ['teacher', tenant.users.teacher.email],
    ['student', tenant.users.student.email],
    ['parent', tenant.users.parent.email],
    ['superAdmin', tenant.users.super_admin.email],
    ['otherAdmin', other.users.admin.email],
  ] as const) {
    clients[key] = new TestClient(app);
    await clients[key].login(email);
  }
});
afterAll(async () => {
  await app.close();
});

const patch = (client: TestClient, url: string, payload: unknown) => client.request({ method: 'PATCH', url, payload: payload as object });
const put = (client: TestClient, url: string, payload: unknown) => client.request({ method: 'PUT', url, payload: payload as object });
const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

async function auditsOf(entityId: string) {
  return app.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId));
}

describe('teacher options', () => {
  it('lists only the school’s Teacher-type staff, by name', async () => {
    const res = await clients.admin.get('/api/academics/teachers');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { id: world.colleague.id, name: 'Mr. Tunde Bello' },
      { id: world.me.id, name: 'Mrs. Funmi Adeyemi' },
    ]);
  });

  it('is for those who edit academics', async () => {
    expect((await clients.student.get('/api/academics/teachers')).statusCode).toBe(403);
    expect((await new TestClient(app).get('/api/academics/teachers')).statusCode).toBe(401);
  });
});

describe('listing classes', () => {
  it('gives an administrator the session’s classes with teacher, subjects and student count', async () => {
    const res = await clients.admin.get('/api/academics/classes');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.session).toMatchObject({ id: tenant.session.id, name: '2023/24' });
    const a = body.items.find((c: { id: string }) => c.id === world.jss1a.id);
    expect(a).toMatchObject({
      name: 'JSS 1 A',
      level: 'JSS 1',
      arm: 'A',
      classTeacher: { id: world.me.id, name: 'Mrs. Funmi Adeyemi' },
      studentCount: 2,
    });
    expect(a.subjects.map((s: { name: string; teacher: { name: string } }) => [s.name, s.teacher.name])).toEqual([
      ['English Language', 'Mrs. Funmi Adeyemi'],
      ['Mathematics', 'Mr. Tunde Bello'],
    ]);
    expect(body.items.map((c: { name: string }) => c.name)).not.toContain('Primary 6 A');
    // never another school's classes
    expect(body.items.map((c: { id: string }) => c.id)).not.toContain(otherWorld.jss1a.id);
  });

  it('follows the session chosen in the top bar', async () => {
    const res = await clients.admin.get('/api/academics/classes', { 'x-academic-session': world.previous.id });
    expect(res.json().session.name).toBe('2022/23');
    expect(res.json().items.map((c: { name: string }) => c.name)).toEqual(['Primary 6 A']);
  });

  it('shows a student only their class, and a guardian their children’s', async () => {
    for (const client of [clients.student, clients.parent]) {
      const res = await client.get('/api/academics/classes');
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((c: { id: string }) => c.id)).toEqual([world.jss1a.id]);
    }
  });

  it('is closed to teachers (they use /api/teachers/me/classes) and to the signed out', async () => {
    expect((await clients.teacher.get('/api/academics/classes')).statusCode).toBe(403);
    expect((await new TestClient(app).get('/api/academics/classes')).statusCode).toBe(401);
  });
});

describe('one class', () => {
  it('gives staff the class with its students', async () => {
    const res = await clients.admin.get(`/api/academics/classes/${world.jss1a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().students.map((s: { name: string }) => s.name)).toEqual(['Bola Ade', 'Ada Obi']);
    expect(res.json().session.name).toBe('2023/24');
  });

  it('gives a student their own class without the class list, and 404 for another', async () => {
    const own = await clients.student.get(`/api/academics/classes/${world.jss1a.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().students).toEqual([]);
    expect((await clients.student.get(`/api/academics/classes/${world.jss1b.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another school’s class', async () => {
    expect((await clients.admin.get(`/api/academics/classes/${otherWorld.jss1a.id}`)).statusCode).toBe(404);
    expect((await clients.admin.get('/api/academics/classes/not-an-id')).statusCode).toBe(404);
  });
});

describe('adding a class', () => {
  it('adds a class to the selected session and audits it', async () => {
    const res = await clients.admin.post('/api/academics/classes', { level: 'JSS 2', arm: 'gold', classTeacherId: world.me.id });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'JSS 2 gold', classTeacher: { name: 'Mrs. Funmi Adeyemi' }, studentCount: 0, subjects: [] });
    expect(body.session.id).toBe(tenant.session.id);
    expect((await auditsOf(body.id)).map((a) => a.action)).toEqual(['class.created']);
  });

  it('adds a class without a class teacher, in the session of the header', async () => {
    const res = await clients.admin.post(
      '/api/academics/classes',
      { level: 'SSS 1', arm: 'c', classTeacherId: '' },
      { 'x-academic-session': world.previous.id },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'SSS 1 C', classTeacher: null, session: { name: '2022/23' } });
  });

  it('refuses a level and arm the session already has', async () => {
    const res = await clients.admin.post('/api/academics/classes', { level: 'JSS 1', arm: 'B' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'JSS 1 B already exists in 2023/24', errors: { arm: 'JSS 1 B already exists in 2023/24' } });
    // the same arm in another case is the same class
    const lower = await clients.admin.post('/api/academics/classes', { level: 'JSS 2', arm: 'GOLD' });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe('JSS 2 gold already exists in 2023/24');
    // another session may have it
    const previous = await clients.admin.post('/api/academics/classes', { level: 'JSS 1', arm: 'B' }, { 'x-academic-session': world.previous.id });
    expect(previous.statusCode).toBe(201);
  });

  it('gives the field messages of bad input', async () => {
    const empty = await clients.admin.post('/api/academics/classes', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ level: 'Choose a class level', arm: 'Arm is required' });
    const long = await clients.admin.post('/api/academics/classes', { level: 'JSS 3', arm: 'A'.repeat(21) });
    expect(long.json().errors).toEqual({ arm: 'Arm must be at most 20 characters' });
  });

  it('wants a Teacher of this school as class teacher', async () => {
    for (const classTeacherId of [world.principal.id, otherWorld.me.id]) {
      const res = await clients.admin.post('/api/academics/classes', { level: 'JSS 3', arm: 'A', classTeacherId });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ classTeacherId: 'Choose a teacher of this school' });
    }
  });

  it('is for administrators only', async () => {
    expect((await clients.student.post('/api/academics/classes', { level: 'JSS 3', arm: 'A' })).statusCode).toBe(403);
    expect((await clients.teacher.post('/api/academics/classes', { level: 'JSS 3', arm: 'A' })).statusCode).toBe(403);
  });
});

describe('editing and deleting a class', () => {
  it('changes arm and class teacher, auditing before and after', async () => {
    const created = (await clients.admin.post('/api/academics/classes', { level: 'Primary 1', arm: 'A' })).json();
    const res = await put(clients.admin, `/api/academics/classes/${created.id}`, { level: 'Primary 1', arm: 'Diamond', classTeacherId: world.colleague.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Primary 1 Diamond', classTeacher: { id: world.colleague.id } });
    const entry = (await auditsOf(created.id)).find((a) => a.action === 'class.updated')!;
    expect(entry.before).toMatchObject({ arm: 'A', classTeacherId: null });
    expect(entry.after).toMatchObject({ arm: 'Diamond', classTeacherId: world.colleague.id });
  });

  it('refuses to turn a class into one that exists, and 404 across schools', async () => {
    const res = await put(clients.admin, `/api/academics/classes/${world.jss1b.id}`, { level: 'JSS 1', arm: 'A' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('JSS 1 A already exists in 2023/24');
    // keeping its own level and arm is fine
    expect(
      (await put(clients.admin, `/api/academics/classes/${world.jss1b.id}`, { level: 'JSS 1', arm: 'B', classTeacherId: world.colleague.id })).statusCode,
    ).toBe(200);
    expect((await put(clients.admin, `/api/academics/classes/${otherWorld.jss1b.id}`, { level: 'JSS 1', arm: 'Z' })).statusCode).toBe(404);
  });

  it('refuses to delete a class with students, with a clear message', async () => {
    const res = await del(clients.admin, `/api/academics/classes/${world.jss1a.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('JSS 1 A has 2 students enrolled. Move them to another class before deleting it.');
  });

  it('deletes an empty class with its subject assignments, and audits it', async () => {
    const created = (await clients.admin.post('/api/academics/classes', { level: 'Nursery 1', arm: 'A' })).json();
    await clients.admin.post(`/api/academics/subjects/${world.english.id}/classes`, { assignments: [{ classId: created.id, teacherId: world.me.id }] });
    const res = await del(clients.admin, `/api/academics/classes/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await clients.admin.get(`/api/academics/classes/${created.id}`)).statusCode).toBe(404);
    const entry = (await auditsOf(created.id)).find((a) => a.action === 'class.deleted')!;
    expect(entry.before).toMatchObject({ level: 'Nursery 1', subjects: [{ subjectId: world.english.id }] });
  });

  it('answers 404 for another school’s class and 403 to a parent', async () => {
    expect((await del(clients.admin, `/api/academics/classes/${otherWorld.jss1b.id}`)).statusCode).toBe(404);
    expect((await del(clients.parent, `/api/academics/classes/${world.jss1b.id}`)).statusCode).toBe(403);
  });
});

describe('subjects', () => {
  it('lists the school’s subjects with the session’s classes that take them', async () => {
    const res = await clients.admin.get('/api/academics/subjects');
    expect(res.statusCode).toBe(200);
    const maths = res.json().items.find((s: { code: string }) => s.code === 'MTH');
    expect(maths.classes.map((c: { className: string; teacher: { name: string } }) => [c.className, c.teacher.name])).toEqual([
      ['JSS 1 A', 'Mr. Tunde Bello'],
      ['JSS 1 B', 'Mrs. Funmi Adeyemi'],
    ]);
    expect(res.json().items.find((s: { code: string }) => s.code === 'PHY').classes).toEqual([]);
  });

  it('shows a student only the subjects of their class', async () => {
    const res = await clients.student.get('/api/academics/subjects');
    expect(res.json().items.map((s: { code: string }) => s.code)).toEqual(['ENG', 'MTH']);
    expect(res.json().items[0].classes.map((c: { className: string }) => c.className)).toEqual(['JSS 1 A']);
    // a session in which the student has no class: no subjects at all
    const previous = await clients.student.get('/api/academics/subjects', { 'x-academic-session': world.previous.id });
    expect(previous.json().items).toEqual([]);
  });

  it('adds a subject with an upper-case code and audits it', async () => {
    const res = await clients.admin.post('/api/academics/subjects', { name: 'Basic Science', code: 'bsc' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Basic Science', code: 'BSC', classes: [] });
    expect((await auditsOf(res.json().id)).map((a) => a.action)).toEqual(['subject.created']);
  });

  it('refuses a name or code the school already uses', async () => {
    const name = await clients.admin.post('/api/academics/subjects', { name: 'mathematics', code: 'MAT' });
    expect(name.statusCode).toBe(409);
    expect(name.json().errors).toEqual({ name: 'Mathematics already exists' });
    const code = await clients.admin.post('/api/academics/subjects', { name: 'Further Maths', code: 'mth' });
    expect(code.json().errors).toEqual({ code: 'MTH is already the code of Mathematics' });
    // another school may use them
    expect((await clients.otherAdmin.post('/api/academics/subjects', { name: 'Basic Science', code: 'BSC' })).statusCode).toBe(201);
  });

  it('gives the field messages of bad input', async () => {
    const res = await clients.admin.post('/api/academics/subjects', { name: ' ', code: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'Subject name is required', code: 'Subject code is required' });
  });

  it('renames a subject, and answers 404 across schools', async () => {
    const created = (await clients.admin.post('/api/academics/subjects', { name: 'Civic', code: 'CIV' })).json();
    const res = await put(clients.admin, `/api/academics/subjects/${created.id}`, { name: 'Civic Education', code: 'CVE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Civic Education', code: 'CVE' });
    expect((await put(clients.admin, `/api/academics/subjects/${otherWorld.physics.id}`, { name: 'X', code: 'X' })).statusCode).toBe(404);
  });

  it('deletes a subject no class takes, and refuses one that is taught', async () => {
    const created = (await clients.admin.post('/api/academics/subjects', { name: 'Latin', code: 'LAT' })).json();
    expect((await del(clients.admin, `/api/academics/subjects/${created.id}`)).statusCode).toBe(204);
    const taught = await del(clients.admin, `/api/academics/subjects/${world.english.id}`);
    expect(taught.statusCode).toBe(409);
    expect(taught.json().message).toBe('English Language is taught in 2 classes (this or earlier sessions). Remove it from those classes before deleting it.');
    expect((await del(clients.admin, `/api/academics/subjects/${otherWorld.physics.id}`)).statusCode).toBe(404);
  });
});

describe('assigning subjects to classes', () => {
  it('assigns a subject to several classes, each with its teacher', async () => {
    const res = await clients.admin.post(`/api/academics/subjects/${world.physics.id}/classes`, {
      assignments: [
        { classId: world.jss1a.id, teacherId: world.me.id },
        { classId: world.jss1b.id, teacherId: world.colleague.id },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().classes.map((c: { className: string; teacher: { id: string } }) => [c.className, c.teacher.id])).toEqual([
      ['JSS 1 A', world.me.id],
      ['JSS 1 B', world.colleague.id],
    ]);
    const rows = await app.db.select().from(schema.classSubjects).where(eq(schema.classSubjects.subjectId, world.physics.id));
    expect(rows).toHaveLength(2);
    expect((await auditsOf(rows[0].id)).map((a) => a.action)).toEqual(['class_subject.created']);
  });

  it('refuses a teacher who is not a Teacher of this school (400), writing nothing', async () => {
    const subject = (await clients.admin.post('/api/academics/subjects', { name: 'Chemistry', code: 'CHE' })).json();
    for (const teacherId of [world.principal.id, otherWorld.me.id]) {
      const res = await clients.admin.post(`/api/academics/subjects/${subject.id}/classes`, {
        assignments: [
          { classId: world.jss1a.id, teacherId: world.me.id },
          { classId: world.jss1b.id, teacherId },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ 'assignments.1.teacherId': 'Choose a teacher of this school' });
    }
    expect(await app.db.select().from(schema.classSubjects).where(eq(schema.classSubjects.subjectId, subject.id))).toEqual([]);
  });

  it('refuses a class that already takes the subject', async () => {
    const res = await clients.admin.post(`/api/academics/subjects/${world.english.id}/classes`, {
      assignments: [{ classId: world.jss1a.id, teacherId: world.me.id }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ 'assignments.0.classId': 'English Language is already taught in JSS 1 A' });
  });

  it('gives the field messages of bad input, and 404 for another school’s class or subject', async () => {
    const empty = await clients.admin.post(`/api/academics/subjects/${world.physics.id}/classes`, { assignments: [] });
    expect(empty.json().errors).toEqual({ assignments: 'Choose at least one class' });
    const noTeacher = await clients.admin.post(`/api/academics/subjects/${world.physics.id}/classes`, { assignments: [{ classId: world.jss1a.id }] });
    expect(noTeacher.json().errors).toEqual({ 'assignments.0.teacherId': 'Choose a teacher' });
    const foreignClass = await clients.admin.post(`/api/academics/subjects/${world.maths.id}/classes`, {
      assignments: [{ classId: otherWorld.jss1a.id, teacherId: world.me.id }],
    });
    expect(foreignClass.statusCode).toBe(404);
    const foreignSubject = await clients.admin.post(`/api/academics/subjects/${otherWorld.physics.id}/classes`, {
      assignments: [{ classId: world.jss1a.id, teacherId: world.me.id }],
    });
    expect(foreignSubject.statusCode).toBe(404);
  });

  it('changes the teacher of a subject in a class', async () => {
    const [row] = await app.db
      .select()
      .from(schema.classSubjects)
      .where(and(eq(schema.classSubjects.classId, world.jss1b.id), eq(schema.classSubjects.subjectId, world.english.id)));
    const res = await patch(clients.admin, `/api/academics/class-subjects/${row.id}`, { teacherId: world.me.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, className: 'JSS 1 B', teacher: { id: world.me.id, name: 'Mrs. Funmi Adeyemi' } });
    const entry = (await auditsOf(row.id)).find((a) => a.action === 'class_subject.teacher_changed')!;
    expect(entry.before).toMatchObject({ teacherId: world.colleague.id });
    const bad = await patch(clients.admin, `/api/academics/class-subjects/${row.id}`, { teacherId: world.principal.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ teacherId: 'Choose a teacher of this school' });
    expect((await patch(clients.admin, `/api/academics/class-subjects/${row.id}`, {})).json().errors).toEqual({ teacherId: 'Choose a teacher' });
  });

  it('removes a subject from a class, and answers 404 across schools', async () => {
    const subject = (await clients.admin.post('/api/academics/subjects', { name: 'French', code: 'FRE' })).json();
    const assigned = (
      await clients.admin.post(`/api/academics/subjects/${subject.id}/classes`, { assignments: [{ classId: world.jss1b.id, teacherId: world.me.id }] })
    ).json();
    const id = assigned.classes[0].id;
    expect((await del(clients.admin, `/api/academics/class-subjects/${id}`)).statusCode).toBe(204);
    expect((await auditsOf(id)).map((a) => a.action)).toEqual(['class_subject.created', 'class_subject.deleted']);
    const [foreign] = await app.db.select().from(schema.classSubjects).where(eq(schema.classSubjects.classId, otherWorld.jss1a.id));
    expect((await del(clients.admin, `/api/academics/class-subjects/${foreign.id}`)).statusCode).toBe(404);
    expect((await patch(clients.admin, `/api/academics/class-subjects/${foreign.id}`, { teacherId: world.me.id })).statusCode).toBe(404);
  });
});

describe('a student’s subjects', () => {
  it('shows a student their class’s subjects with teachers', async () => {
    const res = await clients.student.get(`/api/students/${tenant.student.id}/subjects`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.student).toEqual({ id: tenant.student.id, name: 'Ada Obi' });
    expect(body.class).toMatchObject({ id: world.jss1a.id, name: 'JSS 1 A', classTeacher: { name: 'Mrs. Funmi Adeyemi' } });
    expect(body.items.map((s: { code: string; teacher: { name: string } }) => [s.code, s.teacher.name])).toEqual(
      expect.arrayContaining([
        ['ENG', 'Mrs. Funmi Adeyemi'],
        ['MTH', 'Mr. Tunde Bello'],
      ]),
    );
  });

  it('answers 404 to a student asking for someone else', async () => {
    expect((await clients.student.get(`/api/students/${world.classmate.id}/subjects`)).statusCode).toBe(404);
    expect((await clients.student.get(`/api/students/${other.student.id}/subjects`)).statusCode).toBe(404);
  });

  it('shows a guardian their child’s subjects, and 404 for other children', async () => {
    const res = await clients.parent.get(`/api/students/${tenant.student.id}/subjects`);
    expect(res.statusCode).toBe(200);
    expect(res.json().class.name).toBe('JSS 1 A');
    expect((await clients.parent.get(`/api/students/${world.classmate.id}/subjects`)).statusCode).toBe(404);
  });

  it('shows an administrator any student of the school, and no class in a session without enrolment', async () => {
    expect((await clients.admin.get(`/api/students/${world.classmate.id}/subjects`)).statusCode).toBe(200);
    const previous = await clients.admin.get(`/api/students/${world.classmate.id}/subjects`, { 'x-academic-session': world.previous.id });
    expect(previous.json()).toMatchObject({ session: { name: '2022/23' }, class: null, items: [] });
    expect((await clients.admin.get(`/api/students/${other.student.id}/subjects`)).statusCode).toBe(404);
  });

  it('answers 403 to a teacher and 401 signed out', async () => {
    expect((await clients.teacher.get(`/api/students/${tenant.student.id}/subjects`)).statusCode).toBe(403);
    expect((await new TestClient(app).get(`/api/students/${tenant.student.id}/subjects`)).statusCode).toBe(401);
  });
});

describe('a teacher’s classes', () => {
  it('lists the classes a teacher leads or teaches in, with only their subjects there', async () => {
    const res = await clients.teacher.get('/api/teachers/me/classes');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ id: string; name: string; isClassTeacher: boolean; studentCount: number; subjects: Array<{ code: string }> }>;
    const a = items.find((c) => c.id === world.jss1a.id)!;
    const b = items.find((c) => c.id === world.jss1b.id)!;
    expect(a).toMatchObject({ name: 'JSS 1 A', isClassTeacher: true, studentCount: 2 });
    expect(a.subjects.map((s) => s.code)).toEqual(expect.arrayContaining(['ENG']));
    expect(a.subjects.map((s) => s.code)).not.toContain('MTH');
    expect(b.isClassTeacher).toBe(false);
    expect(b.subjects.map((s) => s.code)).toContain('MTH');
    expect(items.map((c) => c.name)).not.toContain('Primary 6 A');
  });

  it('gives an administrator every class of the session with every subject', async () => {
    const res = await clients.admin.get('/api/teachers/me/classes');
    const a = res.json().items.find((c: { id: string }) => c.id === world.jss1a.id);
    expect(a.subjects.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(['ENG', 'MTH']));
    expect(a.isClassTeacher).toBe(false);
  });

  it('gives a teacher without a staff record nothing, and students 403', async () => {
    const lonely = new TestClient(app);
    await lonely.login(other.users.teacher.email);
    // the other school's teacher user has a staff record only in their own school
    const res = await lonely.get('/api/teachers/me/classes');
    expect(res.json().items.map((c: { id: string }) => c.id)).not.toContain(world.jss1a.id);
    expect((await clients.student.get('/api/teachers/me/classes')).statusCode).toBe(403);
  });
});

describe('list endpoints', () => {
  /** Counts the SQL statements a request runs. */
  async function queriesOf(client: TestClient, url: string) {
    const before = app.database.statements();
    const res = await client.get(url);
    expect(res.statusCode).toBe(200);
    return app.database.statements() - before;
  }

  it('run the same number of queries for 3 classes or 13 (no N+1)', async () => {
    const urls = ['/api/academics/classes', '/api/academics/subjects', '/api/teachers/me/classes'];
    const counts = async () => {
      const result: number[] = [];
      for (const url of urls) result.push(await queriesOf(clients.admin, url));
      return result;
    };
    const before = await counts();
    expect(Math.min(...before)).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) {
      const created = (await clients.admin.post('/api/academics/classes', { level: 'SSS 2', arm: `N${i}`, classTeacherId: world.me.id })).json();
      await clients.admin.post(`/api/academics/subjects/${world.maths.id}/classes`, { assignments: [{ classId: created.id, teacherId: world.me.id }] });
    }
    const after = await counts();
    expect(after).toEqual(before);
  });
});

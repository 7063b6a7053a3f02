import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { TestClient } from '../../test/test-app';
import { app, tenant, other, world, otherWorld, clients, setUp, tearDown, patch, put, del, auditsOf } from './academics.test-kit';

beforeAll(setUp);
afterAll(tearDown);

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
    const rows = await app.db
      .select()
      .from(schema.classSubjects)
      .where(and(eq(schema.classSubjects.schoolId, tenant.school.id), eq(schema.classSubjects.subjectId, world.physics.id)));
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
    expect(
      await app.db
        .select()
        .from(schema.classSubjects)
        .where(and(eq(schema.classSubjects.schoolId, tenant.school.id), eq(schema.classSubjects.subjectId, subject.id))),
    ).toEqual([]);
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
      .where(
        and(
          eq(schema.classSubjects.schoolId, tenant.school.id),
          eq(schema.classSubjects.classId, world.jss1b.id),
          eq(schema.classSubjects.subjectId, world.english.id),
        ),
      );
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
    const [foreign] = await app.db
      .select()
      .from(schema.classSubjects)
      .where(and(eq(schema.classSubjects.schoolId, other.school.id), eq(schema.classSubjects.classId, otherWorld.jss1a.id)));
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

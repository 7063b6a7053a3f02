import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/test-app';
import { app, tenant, world, otherWorld, clients, setUp, tearDown, put, del, auditsOf } from './academics.test-kit';

beforeAll(setUp);
afterAll(tearDown);

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

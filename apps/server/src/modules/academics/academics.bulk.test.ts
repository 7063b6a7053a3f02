import { and, eq } from 'drizzle-orm';
import { SUBJECT_CATALOGUE } from '@school/shared/academics/subject-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { app, clients, otherWorld, setUp, tearDown, tenant, world } from './academics.test-kit';

beforeAll(setUp);
afterAll(tearDown);

/** The tenant school's audit rows of an action. */
async function auditsNamed(action: string) {
  return app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.schoolId, tenant.school.id), eq(schema.auditLog.action, action)));
}

async function subjectNames() {
  const rows = await app.db.select({ name: schema.subjects.name }).from(schema.subjects).where(eq(schema.subjects.schoolId, tenant.school.id));
  return rows.map((r) => r.name).sort();
}

describe('subjects from the catalogue', () => {
  it('adds the chosen subjects in one request, skips names the school has and audits once', async () => {
    const res = await clients.admin.post('/api/academics/subjects/bulk', {
      subjects: [
        { name: 'Basic Technology', code: 'bte' },
        { name: 'english language', code: 'ENG' },
        { name: 'Social Studies', code: 'SOS' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().created.map((s: { name: string; code: string }) => [s.name, s.code])).toEqual([
      ['Basic Technology', 'BTE'],
      ['Social Studies', 'SOS'],
    ]);
    expect(res.json().skipped).toEqual([{ name: 'english language', reason: 'English Language already exists' }]);
    const audits = await auditsNamed('subject.bulk_created');
    expect(audits).toHaveLength(1);
    expect(audits[0].after).toMatchObject({ skipped: ['english language'] });
  });

  it('skips a subject whose code another subject of the school has', async () => {
    const res = await clients.admin.post('/api/academics/subjects/bulk', { subjects: [{ name: 'Maths', code: 'MTH' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: [], skipped: [{ name: 'Maths', reason: 'MTH is already the code of Mathematics' }], taught: [] });
  });

  it('also teaches the chosen subjects, new or already there, in every arm of the chosen levels', async () => {
    const classSubjectsOf = async (subjectId: string) =>
      (
        await app.db
          .select()
          .from(schema.classSubjects)
          .where(and(eq(schema.classSubjects.schoolId, tenant.school.id), eq(schema.classSubjects.subjectId, subjectId)))
      )
        .map((c) => c.classId)
        .sort();
    const res = await clients.admin.post('/api/academics/subjects/bulk', {
      subjects: [
        { name: 'Basic Science Practical', code: 'BSP' },
        { name: 'English Language', code: 'ENG' },
        { name: 'Agricultural Practice', code: 'AGP' },
      ],
      levels: ['JSS 1'],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created.map((s: { name: string }) => s.name)).toEqual(['Basic Science Practical', 'Agricultural Practice']);
    // English was taught in both arms already
    expect(body.taught).toEqual([
      { className: 'JSS 1 A', subjects: 2 },
      { className: 'JSS 1 B', subjects: 2 },
    ]);
    expect(await classSubjectsOf(body.created[0].id)).toEqual([world.jss1a.id, world.jss1b.id].sort());
    expect(await classSubjectsOf(body.created[1].id)).toEqual([world.jss1a.id, world.jss1b.id].sort());
    expect(await classSubjectsOf(world.english.id)).toEqual([world.jss1a.id, world.jss1b.id].sort());
    // again: nothing more to do, nothing written
    const again = await clients.admin.post('/api/academics/subjects/bulk', { subjects: [{ name: 'Agricultural Practice', code: 'AGP' }], levels: ['JSS 1'] });
    expect(again.json().taught).toEqual([]);
  });

  it('refuses a level without classes this session, creating no subject', async () => {
    const before = await subjectNames();
    const res = await clients.admin.post('/api/academics/subjects/bulk', { subjects: [{ name: 'Further Mathematics', code: 'FMT' }], levels: ['SSS 3'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('There is no SSS 3 class in 2023/24 yet');
    expect((await clients.admin.post('/api/academics/subjects/bulk', { subjects: [{ name: 'Music', code: 'MUS' }], levels: ['JSS 9'] })).statusCode).toBe(400);
    expect(await subjectNames()).toEqual(before);
  });

  it('takes a whole level group of the catalogue', async () => {
    const res = await clients.admin.post('/api/academics/subjects/bulk', { subjects: SUBJECT_CATALOGUE.JSS });
    expect(res.statusCode).toBe(200);
    expect(res.json().created.length + res.json().skipped.length).toBe(SUBJECT_CATALOGUE.JSS.length);
    expect(await subjectNames()).toEqual(expect.arrayContaining(SUBJECT_CATALOGUE.JSS.map((s) => s.name)));
  });

  it('refuses bad input with a 400 and writes nothing at all', async () => {
    const before = await subjectNames();
    const empty = await clients.admin.post('/api/academics/subjects/bulk', { subjects: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose at least one subject');
    const bad = await clients.admin.post('/api/academics/subjects/bulk', {
      subjects: [
        { name: 'Geography', code: 'GEO' },
        { name: 'Economics', code: 'E C O' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'subjects.1.code': 'Subject code may only use letters, numbers and hyphens' });
    const twice = await clients.admin.post('/api/academics/subjects/bulk', {
      subjects: [
        { name: 'Geography', code: 'GEO' },
        { name: 'geography', code: 'GEG' },
      ],
    });
    expect(twice.json().message).toBe('geography is chosen twice');
    expect(await subjectNames()).toEqual(before);
  });

  it('is for the school’s administrators only', async () => {
    const res = await clients.teacher.post('/api/academics/subjects/bulk', { subjects: [{ name: 'Music', code: 'MUS' }] });
    expect(res.statusCode).toBe(403);
    expect((await clients.student.post('/api/academics/subjects/bulk', { subjects: [{ name: 'Music', code: 'MUS' }] })).statusCode).toBe(403);
  });
});

describe('several arms of several levels', () => {
  it('creates every level × arm of the session, skips existing ones and audits once', async () => {
    const res = await clients.admin.post('/api/academics/classes/bulk', { levels: ['JSS 2', 'JSS 1'], arms: ['a', 'B', 'Gold'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().session.name).toBe('2023/24');
    expect(res.json().created.map((c: { name: string }) => c.name)).toEqual(['JSS 1 Gold', 'JSS 2 A', 'JSS 2 B', 'JSS 2 Gold']);
    expect(res.json().created[0]).toMatchObject({ classTeacher: null, studentCount: 0, subjects: [] });
    expect(res.json().skipped).toEqual([
      { name: 'JSS 1 A', reason: 'JSS 1 A already exists in 2023/24' },
      { name: 'JSS 1 B', reason: 'JSS 1 B already exists in 2023/24' },
    ]);
    expect(await auditsNamed('class.bulk_created')).toHaveLength(1);
    const list = await clients.admin.get('/api/academics/classes');
    expect(list.json().items.map((c: { name: string }) => c.name)).toEqual(['JSS 1 A', 'JSS 1 B', 'JSS 1 Gold', 'JSS 2 A', 'JSS 2 B', 'JSS 2 Gold']);
  });

  it('creates nothing and audits nothing when every class exists', async () => {
    const res = await clients.admin.post('/api/academics/classes/bulk', { levels: ['JSS 1'], arms: ['A'] });
    expect(res.json()).toMatchObject({ created: [], skipped: [{ name: 'JSS 1 A' }] });
    expect(await auditsNamed('class.bulk_created')).toHaveLength(1);
  });

  it('refuses bad levels and arms with a 400 and writes nothing', async () => {
    const count = async () => (await clients.admin.get('/api/academics/classes')).json().items.length;
    const before = await count();
    const none = await clients.admin.post('/api/academics/classes/bulk', { levels: [], arms: ['A'] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose at least one level');
    const noArm = await clients.admin.post('/api/academics/classes/bulk', { levels: ['SSS 1'], arms: [] });
    expect(noArm.json().message).toBe('Give at least one arm');
    const level = await clients.admin.post('/api/academics/classes/bulk', { levels: ['SSS 1', 'Form 4'], arms: ['A'] });
    expect(level.json().errors).toEqual({ 'levels.1': 'Choose a class level' });
    const arm = await clients.admin.post('/api/academics/classes/bulk', { levels: ['SSS 1'], arms: ['A', 'B!'] });
    expect(arm.json().errors).toEqual({ 'arms.1': 'Arm may only use letters, numbers, spaces and hyphens' });
    const twice = await clients.admin.post('/api/academics/classes/bulk', { levels: ['SSS 1'], arms: ['A', 'a'] });
    expect(twice.json().message).toBe('Arm A is given twice');
    expect(await count()).toBe(before);
  });

  it('is refused to a teacher', async () => {
    expect((await clients.teacher.post('/api/academics/classes/bulk', { levels: ['SSS 1'], arms: ['A'] })).statusCode).toBe(403);
  });
});

describe('a subject in every arm of a level', () => {
  it('assigns the arms that do not take it yet, with the teacher, and leaves the others as they are', async () => {
    // JSS 1 A takes English already (taught by Mrs. Adeyemi); JSS 1 B too; JSS 1 Gold came from the bulk test above
    const res = await clients.admin.post(`/api/academics/subjects/${world.english.id}/levels`, { level: 'JSS 1', teacherId: world.colleague.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().assigned).toEqual(['JSS 1 Gold']);
    expect(res.json().skipped.map((s: { name: string }) => s.name)).toEqual(['JSS 1 A', 'JSS 1 B']);
    expect(res.json().subject.classes.map((c: { className: string; teacher: { name: string } }) => [c.className, c.teacher.name])).toEqual([
      ['JSS 1 A', 'Mrs. Funmi Adeyemi'],
      ['JSS 1 B', 'Mr. Tunde Bello'],
      ['JSS 1 Gold', 'Mr. Tunde Bello'],
    ]);
    const audits = await auditsNamed('class_subject.level_assigned');
    expect(audits).toHaveLength(1);
    expect(audits[0].entityId).toBe(world.english.id);
  });

  it('may leave the teacher for later', async () => {
    const res = await clients.admin.post(`/api/academics/subjects/${world.physics.id}/levels`, { level: 'JSS 2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().assigned).toEqual(['JSS 2 A', 'JSS 2 B', 'JSS 2 Gold']);
    expect(res.json().subject.classes.every((c: { teacher: unknown }) => c.teacher === null)).toBe(true);
  });

  it('refuses a staff member who is not a teacher, and a level without classes, with a 400', async () => {
    const principal = await clients.admin.post(`/api/academics/subjects/${world.physics.id}/levels`, { level: 'JSS 1', teacherId: world.principal.id });
    expect(principal.statusCode).toBe(400);
    expect(principal.json().errors).toEqual({ teacherId: 'Choose a teacher of this school' });
    const otherSchools = await clients.admin.post(`/api/academics/subjects/${world.physics.id}/levels`, { level: 'JSS 1', teacherId: otherWorld.me.id });
    expect(otherSchools.json().message).toBe('Choose a teacher of this school');
    const empty = await clients.admin.post(`/api/academics/subjects/${world.physics.id}/levels`, { level: 'SSS 3' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ level: 'There is no SSS 3 class in 2023/24 yet' });
    const bad = await clients.admin.post(`/api/academics/subjects/${world.physics.id}/levels`, { level: 'Year 9' });
    expect(bad.json().errors).toEqual({ level: 'Choose a class level' });
    const physics = (await clients.admin.get('/api/academics/subjects')).json().items.find((s: { code: string }) => s.code === 'PHY');
    expect(physics.classes.map((c: { className: string }) => c.className)).not.toContain('JSS 1 A');
  });

  it('answers 404 for another school’s subject and 403 to a teacher', async () => {
    expect((await clients.admin.post(`/api/academics/subjects/${otherWorld.physics.id}/levels`, { level: 'JSS 1' })).statusCode).toBe(404);
    expect((await clients.teacher.post(`/api/academics/subjects/${world.physics.id}/levels`, { level: 'JSS 1' })).statusCode).toBe(403);
  });
});

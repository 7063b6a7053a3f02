import { SEARCH_TOO_SHORT } from '@school/shared/search/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicSessions } from '../../db/schema';
import { createClass, createClassSubject, createStaff, createStudent, createSubject } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
const clients = {} as Record<'admin' | 'teacher' | 'student' | 'parent' | 'super_admin' | 'otherAdmin', TestClient>;
const ids = {} as Record<string, string>;

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

async function search(client: TestClient, q: string, headers?: Record<string, string>) {
  return client.get(`/api/search?q=${encodeURIComponent(q)}`, headers);
}

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);

  const teacherStaff = await createStaff(app.db, tenant, { userId: tenant.users.teacher.id, name: 'Funmilayo Adeyemi', email: 'funmi.adeyemi@school.test' });
  await createStaff(app.db, tenant, { staffType: 'Gateman', name: 'Musa Okafor' });
  const jss1a = await createClass(app.db, tenant, { level: 'JSS 1', arm: 'A', classTeacherId: teacherStaff.id });
  const jss1b = await createClass(app.db, tenant, { level: 'JSS 1', arm: 'B' });
  const sss2a = await createClass(app.db, tenant, { level: 'SSS 2', arm: 'A' });
  const maths = await createSubject(app.db, tenant, { name: 'Mathematics', code: 'MTH' });
  await createClassSubject(app.db, tenant, { classId: sss2a.id, subjectId: maths.id, teacherId: teacherStaff.id });
  ids.jss1a = jss1a.id;
  ids.teacherStaff = teacherStaff.id;

  const add = async (firstName: string, lastName: string, registrationNo: string, classId: string) =>
    (await createStudent(app.db, tenant, { registrationNo, firstName, lastName, gender: 'female', classId })).id;
  ids.chioma = await add('Chioma', 'Okafor', 'GFA/2023/0101', jss1a.id);
  ids.emeka = await add('Emeka', 'Okafor', 'GFA/2023/0102', jss1b.id);
  ids.tobi = await add('Tobi', 'Okafor', 'GFA/2023/0103', sss2a.id);
  for (let i = 0; i < 7; i++) await add(`Many${i}`, 'Adebayo', `GFA/2023/09${i}`, jss1b.id);
  // another school with an Okafor of its own
  await createStudent(app.db, other, { registrationNo: 'OTH/1', firstName: 'Ngozi', lastName: 'Okafor', gender: 'female' });
  await createClass(app.db, other, { level: 'JSS 1', arm: 'A' });

  clients.admin = await signedIn(tenant.users.admin.email);
  clients.teacher = await signedIn(tenant.users.teacher.email);
  clients.student = await signedIn(tenant.users.student.email);
  clients.parent = await signedIn(tenant.users.parent.email);
  clients.super_admin = await signedIn(tenant.users.super_admin.email);
  clients.otherAdmin = await signedIn(other.users.admin.email);
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/search', () => {
  it('finds students by name with their class, linking to the admin student profile', async () => {
    const res = await search(clients.admin, 'chioma oka');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { kind: 'student', id: ids.chioma, title: 'Chioma Okafor', subtitle: 'GFA/2023/0101 · JSS 1 A', path: `/admin/records/student-profile/${ids.chioma}` },
    ]);
  });

  it('finds students by registration number and by surname first', async () => {
    expect((await search(clients.admin, '2023/0102')).json().items.map((r: { id: string }) => r.id)).toEqual([ids.emeka]);
    expect((await search(clients.admin, 'Okafor Tobi')).json().items.map((r: { id: string }) => r.id)).toEqual([ids.tobi]);
  });

  it('finds staff by name and email, linking to the staff profile', async () => {
    const byName = (await search(clients.admin, 'adeyemi')).json().items;
    expect(byName).toEqual([
      { kind: 'staff', id: ids.teacherStaff, title: 'Funmilayo Adeyemi', subtitle: 'Teacher', path: `/admin/academics/staff-profile/${ids.teacherStaff}` },
    ]);
    expect((await search(clients.admin, 'funmi.adeyemi@')).json().items.map((r: { kind: string }) => r.kind)).toEqual(['staff']);
  });

  it('finds classes of the selected session by name, with or without spaces', async () => {
    const res = (await search(clients.admin, 'JSS 1 A')).json().items;
    expect(res).toEqual([{ kind: 'class', id: ids.jss1a, title: 'JSS 1 A', subtitle: 'Class · 1 student', path: '/admin/academics/class' }]);
    expect((await search(clients.admin, 'jss1')).json().items.map((r: { title: string }) => r.title)).toEqual(['JSS 1 A', 'JSS 1 B']);
    // another session of the school has no classes
    const [previous] = await app.db.insert(academicSessions).values({ schoolId: tenant.school.id, name: '2021/22', status: 'Inactive' }).returning();
    expect((await search(clients.admin, 'jss1', { 'x-academic-session': previous.id })).json().items).toEqual([]);
  });

  it('answers students, staff and classes together, at most 5 of each', async () => {
    const okafor = (await search(clients.admin, 'okafor')).json().items as Array<{ kind: string }>;
    expect(okafor.map((r) => r.kind)).toEqual(['student', 'student', 'student', 'staff']);
    const many = (await search(clients.admin, 'adebayo')).json().items as Array<{ kind: string }>;
    expect(many.length).toBe(5);
  });

  it('treats % and _ as ordinary characters', async () => {
    expect((await search(clients.admin, '%%')).json().items).toEqual([]);
    expect((await search(clients.admin, '__')).json().items).toEqual([]);
  });

  it('never finds another school’s records', async () => {
    const res = (await search(clients.otherAdmin, 'okafor')).json().items as Array<{ title: string }>;
    expect(res.map((r) => r.title)).toEqual(['Ngozi Okafor']);
    expect((await search(clients.otherAdmin, 'adeyemi')).json().items).toEqual([]);
  });

  it('gives a teacher only the students of their classes (class teacher or subject), linking to their area', async () => {
    const items = (await search(clients.teacher, 'okafor')).json().items as Array<{ id: string; kind: string; path: string }>;
    expect(items.map((r) => r.id).sort()).toEqual([ids.chioma, ids.tobi].sort());
    expect(items.every((r) => r.kind === 'student' && r.path === `/teachers/students/student-profile/${r.id}`)).toBe(true);
    expect((await search(clients.teacher, 'jss 1')).json().items).toEqual([]);
  });

  it('gives students, parents and the super administrator an empty list', async () => {
    for (const client of [clients.student, clients.parent, clients.super_admin]) {
      const res = await search(client, 'okafor');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [] });
    }
  });

  it("answers 400 'Type at least 2 characters' for a short or missing query", async () => {
    for (const url of ['/api/search', '/api/search?q=', '/api/search?q=a', '/api/search?q=%20a%20']) {
      const res = await clients.admin.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ message: SEARCH_TOO_SHORT, errors: { q: SEARCH_TOO_SHORT } });
    }
  });

  it('answers 401 signed out', async () => {
    expect((await search(new TestClient(app), 'okafor')).statusCode).toBe(401);
  });
});

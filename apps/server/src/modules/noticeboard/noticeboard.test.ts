import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createEnrolment, createStudent } from '../../test/factories';
import { createSchool, createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';
import { latestNoticesFor } from './noticeboard.service';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let jss1a: typeof schema.classes.$inferSelect;
let jss1b: typeof schema.classes.$inferSelect;
let otherClass: typeof schema.classes.$inferSelect;
let student2: typeof schema.users.$inferSelect;
let admin2: typeof schema.users.$inferSelect;
let school2: typeof schema.schools.$inferSelect;

const clients = new Map<string, TestClient>();
async function as(email: string) {
  if (!clients.has(email)) {
    const client = new TestClient(app);
    await client.login(email);
    clients.set(email, client);
  }
  return clients.get(email)!;
}
const admin = () => as(t.users.admin.email);
const superAdmin = () => as(t.users.super_admin.email);

const notice = (overrides: Record<string, unknown> = {}) => ({
  title: 'Inter-house sports',
  description: 'Sports day is on Friday. Wear your house colours.',
  date: '2024-02-10',
  audience: 'everyone',
  ...overrides,
});

async function post(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post('/api/notices', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function board(client: TestClient) {
  const res = await client.get('/api/noticeboard?pageSize=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Array<{ id: string; title: string; read: boolean; pinned: boolean }>; unread: number; total: number };
}

const titles = async (client: TestClient) => (await board(client)).items.map((n) => n.title);

/** Every school's id: a count over all notices names the schools (ADR 0026). */
const everySchool = async () => (await app.db.select({ id: schema.schools.id }).from(schema.schools)).map((s) => s.id);

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A' });
  jss1b = await createClass(app.db, t, { level: 'JSS 1', arm: 'B' });
  otherClass = await createClass(app.db, other, { level: 'JSS 1', arm: 'A' });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });
  student2 = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'student' });
  await createStudent(app.db, t, { userId: student2.id, registrationNo: 'REG-B-1', firstName: 'Bola', lastName: 'Ade', gender: 'male', classId: jss1b.id });
  school2 = (await createSchool(app.db, t.organisation.id, { name: 'Greenfield Nursery' })).school;
  admin2 = await createUser(app.db, { organisationId: t.organisation.id, schoolId: school2.id, role: 'admin' });
});
afterAll(async () => {
  await app.close();
});

describe('access', () => {
  it('answers 401 to a signed-out caller', async () => {
    const anon = new TestClient(app);
    expect((await anon.get('/api/noticeboard')).statusCode).toBe(401);
    expect((await anon.get('/api/notices')).statusCode).toBe(401);
    expect((await anon.post('/api/notices', notice())).statusCode).toBe(401);
  });

  it('answers 403 to roles that may only read', async () => {
    const teacher = await as(t.users.teacher.email);
    const student = await as(t.users.student.email);
    expect((await teacher.post('/api/notices', notice())).statusCode).toBe(403);
    expect((await student.get('/api/notices')).statusCode).toBe(403);
    expect((await student.get('/api/notices/options')).statusCode).toBe(403);
    const parent = await as(t.users.parent.email);
    expect((await parent.request({ method: 'DELETE', url: `/api/notices/${jss1a.id}` })).statusCode).toBe(403);
  });

  it('keeps managing notices to administrators even where the matrix grants a teacher the noticeboard', async () => {
    const tenant = await createTenant(app.db);
    const row = await app.db.query.permissionMatrices.findFirst({ where: (m, { eq }) => eq(m.organisationId, tenant.organisation.id) });
    const matrix = structuredClone(row!.matrix) as Record<string, Record<string, Record<string, boolean>>>;
    matrix.teacher.noticeboard = { add: true, edit: true, delete: true, view: true };
    await app.db.update(schema.permissionMatrices).set({ matrix }).where(eq(schema.permissionMatrices.organisationId, tenant.organisation.id));
    const teacher = await as(tenant.users.teacher.email);
    expect((await teacher.post('/api/notices', notice({ title: 'Teacher notice' }))).statusCode).toBe(403);
    expect((await teacher.get('/api/notices')).statusCode).toBe(403);
    const [written] = await app.db.select({ n: count() }).from(schema.notices).where(eq(schema.notices.schoolId, tenant.school.id));
    expect(written.n).toBe(0);
    expect((await board(teacher)).total).toBe(0);
  });
});

describe('posting', () => {
  it('refuses a notice without title or description with the spec messages, writing nothing', async () => {
    const client = await admin();
    const [{ n: before }] = await app.db
      .select({ n: count() })
      .from(schema.notices)
      .where(inArray(schema.notices.schoolId, await everySchool()));
    const res = await client.post('/api/notices', { title: '  ', description: '', date: '2024-02-10', audience: 'everyone' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ title: 'Title is Required', description: 'description is required' });
    const [{ n: after }] = await app.db
      .select({ n: count() })
      .from(schema.notices)
      .where(inArray(schema.notices.schoolId, await everySchool()));
    expect(after).toBe(before);
  });

  it('asks for the date, the audience and, for one class, the class', async () => {
    const client = await admin();
    let res = await client.post('/api/notices', notice({ date: '', audience: 'teachers' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ date: 'Date is required', audience: 'Please choose who the notice is for' });
    res = await client.post('/api/notices', notice({ audience: 'class' }));
    expect(res.json().errors).toEqual({ classId: 'Please Select a Class' });
    res = await client.post('/api/notices', notice({ date: '2024-02-30' }));
    expect(res.json().errors).toEqual({ date: 'Invalid date' });
  });

  it('answers 404 for a class of another school or organisation', async () => {
    const client = await admin();
    const res = await client.post('/api/notices', notice({ audience: 'class', classId: otherClass.id }));
    expect(res.statusCode).toBe(404);
  });

  it('posts to the administrator’s own school, whatever schoolId says, and audits it', async () => {
    const client = await admin();
    const created = await post(client, notice({ title: 'Own school only', schoolId: other.school.id }));
    expect(created).toMatchObject({
      title: 'Own school only',
      school: { id: t.school.id },
      published: true,
      pinned: false,
      broadcast: false,
      audience: 'everyone',
    });
    // one's own notice is not "new" to its author
    expect(created.read).toBe(true);
    const own = (await board(client)).items.find((n) => n.id === created.id);
    expect(own?.read).toBe(true);
    const [row] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'notice'), eq(schema.auditLog.entityId, created.id)));
    expect(row).toMatchObject({ action: 'notice.created', schoolId: t.school.id, userId: t.users.admin.id });
    expect((await (await as(other.users.admin.email)).get('/api/noticeboard')).json().items.map((n: { id: string }) => n.id)).not.toContain(created.id);
  });
});

describe('audiences', () => {
  it('shows a notice to one class only to that class’s students and their parents', async () => {
    const created = await post(await admin(), notice({ title: 'JSS 1 A excursion', audience: 'class', classId: jss1a.id }));
    expect(created.class).toEqual({ id: jss1a.id, name: 'JSS 1 A' });
    expect(await titles(await as(t.users.student.email))).toContain('JSS 1 A excursion');
    expect(await titles(await as(t.users.parent.email))).toContain('JSS 1 A excursion');
    expect(await titles(await as(student2.email))).not.toContain('JSS 1 A excursion');
    expect(await titles(await as(t.users.teacher.email))).not.toContain('JSS 1 A excursion');
  });

  it('keeps staff notices for staff, and students’ and parents’ notices for them', async () => {
    const client = await admin();
    await post(client, notice({ title: 'Staff meeting', audience: 'staff' }));
    await post(client, notice({ title: 'Students: library hours', audience: 'students' }));
    await post(client, notice({ title: 'PTA meeting', audience: 'parents' }));
    const teacher = await titles(await as(t.users.teacher.email));
    expect(teacher).toContain('Staff meeting');
    expect(teacher).not.toContain('PTA meeting');
    expect(teacher).not.toContain('Students: library hours');
    const student = await titles(await as(student2.email));
    expect(student).toContain('Students: library hours');
    expect(student).not.toContain('Staff meeting');
    expect(student).not.toContain('PTA meeting');
    const parent = await titles(await as(t.users.parent.email));
    expect(parent).toContain('PTA meeting');
    expect(parent).not.toContain('Staff meeting');
    expect(parent).not.toContain('Students: library hours');
    expect(await titles(await as(t.users.admin.email))).toContain('Staff meeting');
  });

  it('lists pinned notices first, then the newest', async () => {
    const client = await admin();
    await post(client, notice({ title: 'Older', date: '2024-01-02', audience: 'students' }));
    await post(client, notice({ title: 'Newest', date: '2024-03-01', audience: 'students' }));
    await post(client, notice({ title: 'Pinned old', date: '2023-09-01', audience: 'students', pinned: true }));
    const list = await titles(await as(student2.email));
    expect(list[0]).toBe('Pinned old');
    expect(list.indexOf('Newest')).toBeLessThan(list.indexOf('Older'));
  });

  it('exports the latest notices of a user for the dashboards', async () => {
    const latest = await latestNoticesFor(app.db, { id: student2.id, role: 'student', schoolId: t.school.id, organisationId: t.organisation.id }, 2);
    expect(latest.map((n) => n.title)).toEqual(['Pinned old', 'Newest']);
  });
});

describe('read marks', () => {
  it('counts unread notices and marks one read when opened', async () => {
    const created = await post(await admin(), notice({ title: 'Read me', audience: 'students' }));
    const student = await as(student2.email);
    const before = await board(student);
    expect(before.items.find((n) => n.id === created.id)?.read).toBe(false);
    expect((await student.get('/api/noticeboard/unread')).json()).toEqual({ unread: before.unread });
    const res = await student.post(`/api/noticeboard/${created.id}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, read: true });
    expect((await student.post(`/api/noticeboard/${created.id}/read`)).statusCode).toBe(200);
    const after = await board(student);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.items.find((n) => n.id === created.id)?.read).toBe(true);
    // receipts are per user
    expect((await board(await as(t.users.student.email))).items.find((n) => n.id === created.id)?.read).toBe(false);
  });

  it('answers 404 when marking a notice not addressed to the reader', async () => {
    const created = await post(await admin(), notice({ title: 'For staff', audience: 'staff' }));
    expect((await (await as(student2.email)).post(`/api/noticeboard/${created.id}/read`)).statusCode).toBe(404);
    expect((await (await as(other.users.student.email)).post(`/api/noticeboard/${created.id}/read`)).statusCode).toBe(404);
    expect((await (await as(student2.email)).post('/api/noticeboard/not-an-id/read')).statusCode).toBe(404);
  });
});

describe('managing', () => {
  it('edits, pins, unpublishes and deletes, auditing each step', async () => {
    const client = await admin();
    const created = await post(client, notice({ title: 'Draft title', audience: 'students' }));
    let res = await client.put(`/api/notices/${created.id}`, notice({ title: 'Final title', audience: 'class', classId: jss1b.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Final title', audience: 'class', class: { name: 'JSS 1 B' } });
    res = await client.put(`/api/notices/${created.id}`, notice({ title: '' }));
    expect(res.json().errors).toEqual({ title: 'Title is Required' });

    res = await client.request({ method: 'PATCH', url: `/api/notices/${created.id}`, payload: { pinned: true } });
    expect(res.json()).toMatchObject({ pinned: true, published: true });
    expect(await titles(await as(student2.email))).toContain('Final title');

    res = await client.request({ method: 'PATCH', url: `/api/notices/${created.id}`, payload: { published: false } });
    expect(res.json()).toMatchObject({ published: false });
    expect(await titles(await as(student2.email))).not.toContain('Final title');
    const managed = (await client.get('/api/notices?pageSize=100')).json();
    expect(managed.items.find((n: { id: string }) => n.id === created.id)).toMatchObject({ published: false });

    res = await client.request({ method: 'PATCH', url: `/api/notices/${created.id}`, payload: {} });
    expect(res.statusCode).toBe(400);

    res = await client.request({ method: 'DELETE', url: `/api/notices/${created.id}` });
    expect(res.statusCode).toBe(204);
    const actions = await app.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entityId, created.id)));
    expect(actions.map((a) => a.action).sort()).toEqual(['notice.created', 'notice.deleted', 'notice.pinned', 'notice.unpublished', 'notice.updated'].sort());
  });

  it("answers 404 for another school's or organisation's notice", async () => {
    const created = await post(await admin(), notice({ title: 'Private to school one' }));
    for (const email of [other.users.admin.email, admin2.email]) {
      const client = await as(email);
      expect((await client.put(`/api/notices/${created.id}`, notice())).statusCode).toBe(404);
      expect((await client.request({ method: 'PATCH', url: `/api/notices/${created.id}`, payload: { pinned: true } })).statusCode).toBe(404);
      expect((await client.request({ method: 'DELETE', url: `/api/notices/${created.id}` })).statusCode).toBe(404);
      expect((await client.get('/api/notices?pageSize=100')).json().items.map((n: { id: string }) => n.id)).not.toContain(created.id);
    }
    expect((await (await as(other.users.super_admin.email)).request({ method: 'DELETE', url: `/api/notices/${created.id}` })).statusCode).toBe(404);
  });

  it('gives the options: own school and its Active session classes', async () => {
    const res = await (await admin()).get('/api/notices/options');
    expect(res.statusCode).toBe(200);
    expect(res.json().schools).toEqual([{ id: t.school.id, name: t.school.name }]);
    expect(res.json().classes.map((c: { name: string }) => c.name)).toEqual(['JSS 1 A', 'JSS 1 B']);
  });
});

describe('the super administrator', () => {
  it('must name a school, and cannot address a class in every school', async () => {
    const client = await superAdmin();
    let res = await client.post('/api/notices', notice());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ schoolId: 'Please choose a school' });
    res = await client.post('/api/notices', notice({ schoolId: 'all', audience: 'class', classId: jss1a.id }));
    expect(res.json().errors).toEqual({ classId: 'Choose one school to address a class' });
    res = await client.post('/api/notices', notice({ schoolId: other.school.id }));
    expect(res.statusCode).toBe(404);
  });

  it('posts to one school', async () => {
    const created = await post(await superAdmin(), notice({ title: 'Only Greenfield', schoolId: school2.id, audience: 'staff' }));
    expect(created.school.id).toBe(school2.id);
    expect(await titles(await as(admin2.email))).toContain('Only Greenfield');
    expect(await titles(await as(t.users.teacher.email))).not.toContain('Only Greenfield');
  });

  it('posts to every school as one broadcast, edited and deleted together', async () => {
    const client = await superAdmin();
    const created = await post(client, notice({ title: 'Proprietor’s greeting', schoolId: 'all' }));
    expect(created.broadcast).toBe(true);
    expect(created.schools.map((s: { id: string }) => s.id).sort()).toEqual([t.school.id, school2.id].sort());
    expect(await titles(await as(admin2.email))).toContain('Proprietor’s greeting');
    expect(await titles(await as(t.users.student.email))).toContain('Proprietor’s greeting');
    expect(await titles(await as(other.users.student.email))).not.toContain('Proprietor’s greeting');

    const list = (await client.get('/api/notices?pageSize=100')).json();
    expect(list.items.filter((n: { title: string }) => n.title === 'Proprietor’s greeting')).toHaveLength(1);

    const res = await client.put(`/api/notices/${created.id}`, notice({ title: 'Proprietor’s new-year greeting' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles(await as(admin2.email))).toContain('Proprietor’s new-year greeting');
    expect(await titles(await as(t.users.student.email))).toContain('Proprietor’s new-year greeting');

    expect((await client.request({ method: 'DELETE', url: `/api/notices/${created.id}` })).statusCode).toBe(204);
    expect(await titles(await as(admin2.email))).not.toContain('Proprietor’s new-year greeting');
    expect(await titles(await as(t.users.student.email))).not.toContain('Proprietor’s new-year greeting');
  });

  it("sees one school's notices with schoolId, and options for every school", async () => {
    const client = await superAdmin();
    const res = await client.get(`/api/notices?schoolId=${school2.id}&pageSize=100`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.every((n: { school: { id: string } }) => n.school.id === school2.id)).toBe(true);
    const options = (await client.get('/api/notices/options')).json();
    expect(options.schools.map((s: { id: string }) => s.id).sort()).toEqual([t.school.id, school2.id].sort());
  });
});

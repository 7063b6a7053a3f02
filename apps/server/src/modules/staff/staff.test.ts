import fs from 'node:fs';
import { EMAIL_REQUIRED_FOR_ACCOUNT, EMAIL_TAKEN } from '@school/shared/staff/schemas';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSessions, invitations, staff, uploads, users } from '../../db/schema';
import { certificatePdf } from '../../test/pdf';
import { createClass, createClassSubject, createStaff, createSubject } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';
import { DEACTIVATED_MESSAGE, NO_PENDING_INVITATION } from './staff.service';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TestClient;
let otherAdmin: TestClient;

// a real 2×2 PNG: uploads are decoded, so a PNG header alone is refused
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWNQWpWmtCqNAUIBACB2BMlh+Ye5AAAAAElFTkSuQmCC',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAJOH/9k=',
  'base64',
);
const PDF = await certificatePdf();

let counter = 0;
const email = (prefix = 'staff') => `${prefix}-${++counter}-${Date.now().toString(36)}@example.test`;

function fields(overrides: Record<string, string | undefined> = {}) {
  return {
    name: 'Funmilayo Adeyemi',
    staffType: 'Teacher',
    email: email(),
    phone: '0803 123 4567',
    gender: 'female',
    address: '12 Allen Avenue, Ikeja',
    employedOn: '2019-09-02',
    ...overrides,
  };
}

/** A multipart/form-data body as the browser sends it. */
async function multipart(values: Record<string, string | undefined>, file?: { bytes: Buffer; name: string; type: string; field?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.append(key, value);
  if (file) form.append(file.field ?? 'photo', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

async function postStaff(client: TestClient, values: Record<string, string | undefined>, file?: Parameters<typeof multipart>[1]) {
  const { payload, headers } = await multipart(values, file);
  return client.request({ method: 'POST', url: '/api/staff', payload, headers });
}

async function putStaff(client: TestClient, id: string, values: Record<string, string | undefined>, file?: Parameters<typeof multipart>[1]) {
  const { payload, headers } = await multipart(values, file);
  return client.request({ method: 'PUT', url: `/api/staff/${id}`, payload, headers });
}

const del = (client: TestClient, id: string) => client.request({ method: 'DELETE', url: `/api/staff/${id}` });

async function signedIn(emailAddress: string) {
  const client = new TestClient(app);
  await client.login(emailAddress);
  return client;
}

function uploadFiles() {
  return fs.existsSync(app.config.uploadsDir) ? fs.readdirSync(app.config.uploadsDir).length : 0;
}

async function counts() {
  const [[s], [u], [up]] = await Promise.all([
    app.db.select({ n: count() }).from(staff),
    app.db.select({ n: count() }).from(users),
    app.db.select({ n: count() }).from(uploads),
  ]);
  return { staff: s.n, users: u.n, uploads: up.n, files: uploadFiles() };
}

async function latestMailTo(client: TestClient, to: string) {
  const res = await client.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return res.json().items[0] as { body: string; subject: string } | undefined;
}

async function addStaff(values: Record<string, string | undefined> = {}, file?: Parameters<typeof multipart>[1]) {
  const res = await postStaff(admin, fields(values), file);
  if (res.statusCode !== 201) throw new Error(`add staff failed: ${res.statusCode} ${res.body}`);
  return res.json().staff;
}

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  admin = await signedIn(tenant.users.admin.email);
  otherAdmin = await signedIn(other.users.admin.email);
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/staff (add-staff)', () => {
  it('adds a teacher with a photo: a teacher account, invited by mail, and an audit row, in one go', async () => {
    const values = fields();
    const res = await postStaff(admin, values, { bytes: PNG, name: 'me.png', type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const created = res.json().staff;
    expect(created).toMatchObject({
      name: 'Funmilayo Adeyemi',
      staffType: 'Teacher',
      email: values.email,
      phone: '08031234567',
      gender: 'female',
      employedOn: '2019-09-02',
      status: 'active',
      account: { role: 'teacher', status: 'invited' },
      hasRecords: false,
      classes: [],
      subjects: [],
    });
    expect(created.photoUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);

    const [user] = await app.db.select().from(users).where(eq(users.id, created.account.userId));
    expect(user).toMatchObject({ role: 'teacher', status: 'invited', schoolId: tenant.school.id, passwordHash: null });
    const mail = await latestMailTo(admin, values.email!);
    expect(mail?.body).toMatch(/Your invitation code is: \d{8}/);

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'staff.created')));
    expect(entry).toMatchObject({ userId: tenant.users.admin.id, schoolId: tenant.school.id, entity: 'staff', before: null });
    expect(entry.after).toMatchObject({ name: 'Funmilayo Adeyemi', staffType: 'Teacher', account: { role: 'teacher', status: 'invited' } });

    const photo = await admin.get(created.photoUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect((await otherAdmin.get(created.photoUrl)).statusCode).toBe(404);
  });

  it.each([
    ['Principal', 'admin'],
    ['Admin', 'admin'],
  ])('gives a %s an %s account', async (staffType, role) => {
    const created = await addStaff({ staffType }, { bytes: JPEG, name: 'p.jpg', type: 'image/jpeg' });
    expect(created.account).toMatchObject({ role, status: 'invited' });
  });

  it('adds a gateman without an email and without an account', async () => {
    const before = await counts();
    const created = await addStaff({ staffType: 'Gateman', email: '' });
    expect(created).toMatchObject({ staffType: 'Gateman', email: null, account: null, photoUrl: null });
    expect((await counts()).users).toBe(before.users);
  });

  it('takes a JSON body too (no photo)', async () => {
    const res = await admin.post('/api/staff', fields({ staffType: 'Non-academic staff', email: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().staff.staffType).toBe('Non-academic staff');
  });

  it('answers each validation message with a 400 and writes nothing', async () => {
    const before = await counts();
    const empty = await postStaff(admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      name: 'Name is required',
      staffType: 'Staff type is required',
      phone: 'Phone number is required',
      gender: 'Gender is required',
      address: 'Address is required',
      employedOn: 'Date employed is required',
    });
    expect(empty.json().message).toBe('Name is required');

    const noEmail = await postStaff(admin, fields({ email: '' }), { bytes: PNG, name: 'me.png', type: 'image/png' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toEqual({ email: EMAIL_REQUIRED_FOR_ACCOUNT });

    const wrong = await postStaff(admin, fields({ email: 'nope', phone: '12', gender: 'other', staffType: 'Cook', employedOn: '2020-02-31' }));
    expect(wrong.json().errors).toEqual({
      email: 'Invalid email address',
      phone: 'Invalid phone number',
      gender: 'Gender is required',
      staffType: 'Staff type is required',
      employedOn: 'Invalid date',
    });

    const wrongTypes = await admin.post('/api/staff', { ...fields(), name: 42, phone: ['0803'], employedOn: true });
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json().errors).sort()).toEqual(['employedOn', 'name', 'phone']);
    expect(await counts()).toEqual(before);
  });

  it('refuses a PDF renamed .png and an oversize photo, leaving no staff row, account or file', async () => {
    const before = await counts();
    const values = fields();
    const pdf = await postStaff(admin, values, { bytes: PDF, name: 'photo.png', type: 'image/png' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ message: 'Photo must be a PNG or JPEG file', errors: { photo: 'Photo must be a PNG or JPEG file' } });

    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const oversize = await postStaff(admin, values, { bytes: big, name: 'big.png', type: 'image/png' });
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json().errors).toEqual({ photo: 'Photo must be at most 2 MB' });

    const wrongField = await postStaff(admin, values, { bytes: PNG, name: 'x.png', type: 'image/png', field: 'cv' });
    expect(wrongField.statusCode).toBe(400);

    expect(await counts()).toEqual(before);
    expect(await latestMailTo(admin, values.email!)).toBeUndefined();
  });

  it("answers 409 'An account with this email already exists' (any case), writing nothing", async () => {
    const before = await counts();
    const res = await postStaff(admin, fields({ email: tenant.users.teacher.email.toUpperCase() }), { bytes: PNG, name: 'me.png', type: 'image/png' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: EMAIL_TAKEN, errors: { email: EMAIL_TAKEN } });
    // emails are unique across organisations too
    const otherOrg = await postStaff(admin, fields({ email: other.users.teacher.email }));
    expect(otherOrg.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('needs a signed-in administrator: 401 signed out, 403 for a teacher', async () => {
    expect((await postStaff(new TestClient(app), fields())).statusCode).toBe(401);
    const teacher = await signedIn(tenant.users.teacher.email);
    expect((await postStaff(teacher, fields())).statusCode).toBe(403);
  });
});

describe('GET /api/staff', () => {
  let school: Awaited<ReturnType<typeof createTenant>>;
  let client: TestClient;

  beforeAll(async () => {
    school = await createTenant(app.db);
    client = await signedIn(school.users.admin.email);
    const add = async (values: Record<string, string>) => {
      const res = await postStaff(client, fields(values));
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json().staff;
    };
    await add({ name: 'Chinedu Eze', staffType: 'Teacher', email: email('chinedu'), phone: '08051112222' });
    await add({ name: 'Bola Ahmed', staffType: 'Admin', email: email('bola') });
    await add({ name: 'Musa Ibrahim', staffType: 'Gateman', email: '', phone: '07060000001' });
    const amaka = await add({ name: 'Amaka Nwosu', staffType: 'Teacher', email: email('amaka') });
    await app.db.update(staff).set({ status: 'inactive' }).where(eq(staff.id, amaka.id));
    await add({ name: 'Zainab 100% Bello', staffType: 'Non-academic staff', email: '' });
  });

  it('pages through the school’s staff by name, with the total, in two queries whatever the page size', async () => {
    const first = await client.get('/api/staff?pageSize=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.json().items.map((s: { name: string }) => s.name)).toEqual(['Amaka Nwosu', 'Bola Ahmed']);
    const third = await client.get('/api/staff?pageSize=2&page=3');
    expect(third.json().items.map((s: { name: string }) => s.name)).toEqual(['Zainab 100% Bello']);
    expect(third.json().items[0]).toEqual({
      id: expect.any(String),
      name: 'Zainab 100% Bello',
      staffType: 'Non-academic staff',
      email: null,
      phone: '08031234567',
      photoUrl: null,
      employedOn: '2019-09-02',
      status: 'active',
      account: null,
      hasRecords: false,
    });
  });

  it('searches by name, email or phone; % is an ordinary character', async () => {
    const names = async (query: string) => (await client.get(`/api/staff?${query}`)).json().items.map((s: { name: string }) => s.name);
    expect(await names('search=chinedu')).toEqual(['Chinedu Eze']);
    expect(await names('search=bola-')).toEqual(['Bola Ahmed']);
    expect(await names('search=0706')).toEqual(['Musa Ibrahim']);
    expect(await names('search=0805%20111')).toEqual(['Chinedu Eze']);
    expect(await names(`search=${encodeURIComponent('100%')}`)).toEqual(['Zainab 100% Bello']);
    expect(await names(`search=${encodeURIComponent('%')}`)).toEqual(['Zainab 100% Bello']);
  });

  it('filters by staff type and status (active, inactive, invited)', async () => {
    const names = async (query: string) => (await client.get(`/api/staff?${query}`)).json().items.map((s: { name: string }) => s.name);
    expect(await names('staffType=Teacher')).toEqual(['Amaka Nwosu', 'Chinedu Eze']);
    expect(await names('status=inactive')).toEqual(['Amaka Nwosu']);
    expect(await names('status=invited')).toEqual(['Bola Ahmed', 'Chinedu Eze']);
    expect(await names('staffType=Teacher&status=active')).toEqual(['Chinedu Eze']);
    expect((await client.get('/api/staff?staffType=Cook')).statusCode).toBe(400);
  });

  it('shows only the school’s own staff', async () => {
    const res = await otherAdmin.get('/api/staff?search=Chinedu');
    expect(res.json()).toMatchObject({ items: [], total: 0 });
  });

  it('refuses students and parents (who may view academics: the directory is not theirs) with 403; 401 signed out; 403 for a teacher', async () => {
    const student = await signedIn(school.users.student.email);
    expect((await student.get('/api/staff')).statusCode).toBe(403);
    const parent = await signedIn(school.users.parent.email);
    expect((await parent.get('/api/staff')).statusCode).toBe(403);
    expect((await new TestClient(app).get('/api/staff')).statusCode).toBe(401);
    expect((await (await signedIn(school.users.teacher.email)).get('/api/staff')).statusCode).toBe(403);
  });
});

describe('GET /api/staff/:id (staff-profile)', () => {
  it('shows the profile with the classes and subjects taught in the selected session', async () => {
    const teacher = await addStaff({ name: 'Kemi Balogun' });
    const jss1a = await createClass(app.db, tenant, { level: 'JSS 1', arm: 'A', classTeacherId: teacher.id });
    const jss2b = await createClass(app.db, tenant, { level: 'JSS 2', arm: 'B' });
    const english = await createSubject(app.db, tenant, { name: 'English', code: 'ENG' });
    await createClassSubject(app.db, tenant, { classId: jss1a.id, subjectId: english.id, teacherId: teacher.id });
    await createClassSubject(app.db, tenant, { classId: jss2b.id, subjectId: english.id, teacherId: teacher.id });
    const res = await admin.get(`/api/staff/${teacher.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({
      name: 'Kemi Balogun',
      gender: 'female',
      address: '12 Allen Avenue, Ikeja',
      hasRecords: true,
      account: { role: 'teacher', status: 'invited', lastLoginAt: null },
      classes: [{ id: jss1a.id, name: 'JSS 1 A' }],
      subjects: [
        { classId: jss1a.id, className: 'JSS 1 A', subjectId: english.id, subjectName: 'English' },
        { classId: jss2b.id, className: 'JSS 2 B', subjectId: english.id, subjectName: 'English' },
      ],
    });
  });

  it('answers 404 for another school’s staff, an unknown id and a malformed one; 401; 403', async () => {
    const mine = await addStaff();
    expect((await otherAdmin.get(`/api/staff/${mine.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/staff/8d4f5f4e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin.get('/api/staff/not-an-id')).statusCode).toBe(404);
    expect((await (await signedIn(tenant.users.student.email)).get(`/api/staff/${mine.id}`)).statusCode).toBe(403);
    expect((await new TestClient(app).get(`/api/staff/${mine.id}`)).statusCode).toBe(401);
    expect((await (await signedIn(tenant.users.teacher.email)).get(`/api/staff/${mine.id}`)).statusCode).toBe(403);
  });
});

describe('PUT /api/staff/:id (edit-profile)', () => {
  it('edits the fields and records before and after', async () => {
    const created = await addStaff({ name: 'Tunde Bakare' });
    const res = await putStaff(
      admin,
      created.id,
      fields({ name: 'Tunde O. Bakare', email: created.email, phone: '+2348091112233', gender: 'male', address: '4 Broad Street' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({ name: 'Tunde O. Bakare', phone: '+2348091112233', gender: 'male', address: '4 Broad Street' });
    const [user] = await app.db.select().from(users).where(eq(users.id, created.account.userId));
    expect(user).toMatchObject({ name: 'Tunde O. Bakare', phone: '+2348091112233' });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'staff.updated')));
    expect(entry.before).toMatchObject({ name: 'Tunde Bakare' });
    expect(entry.after).toMatchObject({ name: 'Tunde O. Bakare', address: '4 Broad Street' });
  });

  it('changes the account role with the staff type; a type without sign-in disables the account; changing back re-enables and re-invites', async () => {
    const created = await addStaff();
    const userId = created.account.userId;
    const roleOf = async () => (await app.db.select().from(users).where(eq(users.id, userId)))[0];

    expect((await putStaff(admin, created.id, fields({ staffType: 'Principal', email: created.email }))).json().staff.account).toMatchObject({ role: 'admin' });
    expect((await roleOf()).role).toBe('admin');

    const gate = await putStaff(admin, created.id, fields({ staffType: 'Gateman', email: created.email }));
    expect(gate.json().staff.account).toMatchObject({ status: 'disabled' });

    const back = await putStaff(admin, created.id, fields({ staffType: 'Teacher', email: created.email }));
    expect(back.json().staff.account).toMatchObject({ role: 'teacher', status: 'invited' });
    const [{ open }] = await app.db.select({ open: count() }).from(invitations).where(eq(invitations.userId, userId));
    expect(open).toBeGreaterThanOrEqual(2);
  });

  it('creates and invites an account when a gateman becomes a teacher', async () => {
    const gateman = await addStaff({ staffType: 'Gateman', email: '' });
    const address = email('promoted');
    const res = await putStaff(admin, gateman.id, fields({ staffType: 'Teacher', email: address }));
    expect(res.json().staff.account).toMatchObject({ role: 'teacher', status: 'invited' });
    expect((await latestMailTo(admin, address))?.body).toContain('Your invitation code is');
  });

  it('replaces the photo (the old file goes) and removes it on request', async () => {
    const created = await addStaff({}, { bytes: PNG, name: 'a.png', type: 'image/png' });
    const files = uploadFiles();
    const changed = await putStaff(admin, created.id, fields({ email: created.email }), { bytes: JPEG, name: 'b.jpg', type: 'image/jpeg' });
    expect(changed.statusCode).toBe(200);
    const newUrl = changed.json().staff.photoUrl;
    expect(newUrl).not.toBe(created.photoUrl);
    expect(uploadFiles()).toBe(files);
    expect((await admin.get(created.photoUrl)).statusCode).toBe(404);
    expect((await admin.get(newUrl)).headers['content-type']).toBe('image/jpeg');

    const removed = await putStaff(admin, created.id, fields({ email: created.email, removePhoto: 'true' }));
    expect(removed.json().staff.photoUrl).toBeNull();
    expect(uploadFiles()).toBe(files - 1);
  });

  it('answers 400 with the messages (bad photo included) and changes nothing', async () => {
    const created = await addStaff({ name: 'Unchanged Person' }, { bytes: PNG, name: 'a.png', type: 'image/png' });
    const before = await counts();
    const empty = await putStaff(admin, created.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name).toBe('Name is required');
    const noEmail = await putStaff(admin, created.id, fields({ email: '' }));
    expect(noEmail.json().errors).toEqual({ email: EMAIL_REQUIRED_FOR_ACCOUNT });
    const pdf = await putStaff(admin, created.id, fields({ email: created.email, name: 'Changed' }), { bytes: PDF, name: 'x.png', type: 'image/png' });
    expect(pdf.json().errors).toEqual({ photo: 'Photo must be a PNG or JPEG file' });
    const taken = await putStaff(admin, created.id, fields({ email: tenant.users.parent.email, name: 'Changed' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: EMAIL_TAKEN });
    expect(await counts()).toEqual(before);
    expect((await admin.get(`/api/staff/${created.id}`)).json().staff).toMatchObject({ name: 'Unchanged Person', photoUrl: created.photoUrl });
  });

  it('answers 404 for another school’s staff (whatever the body), 401 and 403', async () => {
    const mine = await addStaff();
    expect((await putStaff(otherAdmin, mine.id, fields())).statusCode).toBe(404);
    expect((await putStaff(otherAdmin, mine.id, {})).statusCode).toBe(404);
    expect((await putStaff(new TestClient(app), mine.id, fields())).statusCode).toBe(401);
    expect((await putStaff(await signedIn(tenant.users.teacher.email), mine.id, fields())).statusCode).toBe(403);
  });
});

describe('DELETE /api/staff/:id', () => {
  it('deletes a staff member without records, with their unused account and photo', async () => {
    const created = await addStaff({}, { bytes: PNG, name: 'a.png', type: 'image/png' });
    const files = uploadFiles();
    const res = await del(admin, created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'deleted', message: 'Staff member deleted' });
    expect(await app.db.select().from(staff).where(eq(staff.id, created.id))).toEqual([]);
    expect(await app.db.select().from(users).where(eq(users.id, created.account.userId))).toEqual([]);
    expect(uploadFiles()).toBe(files - 1);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'staff.deleted')));
    expect(entry.before).toMatchObject({ name: created.name });
    expect((await admin.get(`/api/staff/${created.id}`)).statusCode).toBe(404);
  });

  it('deactivates a class teacher instead, disabling their account', async () => {
    const created = await addStaff();
    await createClass(app.db, tenant, { level: 'SSS 1', arm: 'C', classTeacherId: created.id });
    const res = await del(admin, created.id);
    expect(res.json()).toEqual({ outcome: 'deactivated', message: DEACTIVATED_MESSAGE });
    const detail = (await admin.get(`/api/staff/${created.id}`)).json().staff;
    expect(detail).toMatchObject({ status: 'inactive', account: { status: 'disabled' } });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'staff.deactivated')));
    expect(entry.before).toMatchObject({ status: 'active' });
    expect(entry.after).toMatchObject({ status: 'inactive', account: { status: 'disabled' } });
  });

  it('deactivates someone whose account has signed in, and signs them out', async () => {
    const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher' });
    const row = await createStaff(app.db, tenant, { userId: user.id, name: 'Signed In', email: user.email });
    const teacher = await signedIn(user.email);
    expect((await del(admin, row.id)).json().outcome).toBe('deactivated');
    expect(await app.db.select().from(authSessions).where(eq(authSessions.userId, user.id))).toEqual([]);
    expect((await teacher.get('/api/auth/me')).statusCode).toBe(401);
    await expect(new TestClient(app).login(user.email)).rejects.toThrow();
  });

  it('deactivates instead when a table this module does not know refers to the staff member', async () => {
    const created = await addStaff();
    await app.db.execute(sql`create table if not exists test_staff_refs (staff_id uuid not null references staff(id))`);
    await app.db.execute(sql`insert into test_staff_refs (staff_id) values (${created.id})`);
    const res = await del(admin, created.id);
    expect(res.json().outcome).toBe('deactivated');
    expect((await app.db.select().from(staff).where(eq(staff.id, created.id)))[0].status).toBe('inactive');
    expect((await app.db.select().from(users).where(eq(users.id, created.account.userId)))[0].status).toBe('disabled');
  });

  it('answers 404 for another school’s staff, 401 and 403', async () => {
    const mine = await addStaff();
    expect((await del(otherAdmin, mine.id)).statusCode).toBe(404);
    expect((await del(new TestClient(app), mine.id)).statusCode).toBe(401);
    expect((await del(await signedIn(tenant.users.teacher.email), mine.id)).statusCode).toBe(403);
    expect((await app.db.select().from(staff).where(eq(staff.id, mine.id))).length).toBe(1);
  });
});

describe('POST /api/staff/:id/resend-invitation', () => {
  it('mails a new code that replaces the old one', async () => {
    const created = await addStaff();
    const first = (await latestMailTo(admin, created.email))!.body;
    const res = await admin.post(`/api/staff/${created.id}/resend-invitation`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`Invitation sent to ${created.email}`);
    const second = (await latestMailTo(admin, created.email))!.body;
    expect(second).not.toBe(first);
    const code = /code is: (\d+)/.exec(second)![1];
    const register = await new TestClient(app).post('/api/auth/register', {
      email: created.email,
      code,
      password: 'a-good-pass-1',
      confirmPassword: 'a-good-pass-1',
    });
    expect(register.statusCode).toBe(200);
    // now active: nothing to resend
    const again = await admin.post(`/api/staff/${created.id}/resend-invitation`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(NO_PENDING_INVITATION);
  });

  it('refuses staff without an account (400); 404 across schools; 401; 403', async () => {
    const gateman = await addStaff({ staffType: 'Gateman', email: '' });
    expect((await admin.post(`/api/staff/${gateman.id}/resend-invitation`)).statusCode).toBe(400);
    const teacher = await addStaff();
    expect((await otherAdmin.post(`/api/staff/${teacher.id}/resend-invitation`)).statusCode).toBe(404);
    expect((await new TestClient(app).post(`/api/staff/${teacher.id}/resend-invitation`)).statusCode).toBe(401);
    expect((await (await signedIn(tenant.users.teacher.email)).post(`/api/staff/${teacher.id}/resend-invitation`)).statusCode).toBe(403);
  });
});

describe('GET /api/school/users', () => {
  it('lists the school’s accounts with their role and status, by name', async () => {
    const res = await admin.get('/api/school/users?pageSize=100');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ id: string; role: string; email: string; status: string }>;
    expect(items.map((u) => u.id)).toEqual(
      expect.arrayContaining([tenant.users.admin.id, tenant.users.teacher.id, tenant.users.student.id, tenant.users.parent.id]),
    );
    expect(items.every((u) => !('passwordHash' in u))).toBe(true);
    // the super administrator belongs to the organisation, not the school; other schools' users are not here
    expect(items.map((u) => u.id)).not.toContain(tenant.users.super_admin.id);
    expect(items.map((u) => u.id)).not.toContain(other.users.admin.id);
    expect(res.json().total).toBe(items.length);
  });

  it('filters by role, status and search', async () => {
    const teachers = (await admin.get('/api/school/users?role=teacher&pageSize=100')).json().items as Array<{ role: string }>;
    expect(teachers.length).toBeGreaterThan(0);
    expect(teachers.every((u) => u.role === 'teacher')).toBe(true);
    const invited = (await admin.get('/api/school/users?status=invited&pageSize=100')).json().items as Array<{ status: string }>;
    expect(invited.every((u) => u.status === 'invited')).toBe(true);
    const found = (await admin.get(`/api/school/users?search=${encodeURIComponent(tenant.users.parent.email)}`)).json();
    expect(found).toMatchObject({ total: 1, items: [{ id: tenant.users.parent.id, role: 'parent', status: 'active' }] });
    expect((await admin.get('/api/school/users?role=super_admin')).statusCode).toBe(400);
  });

  it('refuses students (who may view academics: the accounts are the administrators’) with 403; 401 signed out; 403 for a teacher', async () => {
    expect((await (await signedIn(tenant.users.student.email)).get('/api/school/users')).statusCode).toBe(403);
    expect((await new TestClient(app).get('/api/school/users')).statusCode).toBe(401);
    expect((await (await signedIn(tenant.users.teacher.email)).get('/api/school/users')).statusCode).toBe(403);
  });
});

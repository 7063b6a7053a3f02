import { EMAIL_REQUIRED_FOR_ACCOUNT, EMAIL_TAKEN } from '@school/shared/staff/schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff, users } from '../../db/schema';
import { createClass, createClassSubject, createSubject } from '../../test/factories';
import { createTenant, TestClient } from '../../test/test-app';
import {
  app,
  tenant,
  other,
  admin,
  otherAdmin,
  PNG,
  JPEG,
  PDF,
  email,
  fields,
  postStaff,
  signedIn,
  counts,
  latestMailTo,
  addStaff,
  setUp,
  tearDown,
} from './staff.test-kit';

beforeAll(setUp);
afterAll(tearDown);

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
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, created.id), eq(auditLog.action, 'staff.created')));
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

  it('of several additions with one new email at the same moment, one is added and the others get the same 409', async () => {
    const before = await counts();
    const shared = email('race');
    const answers = await Promise.all([0, 1, 2].map((n) => postStaff(admin, fields({ email: n === 1 ? shared.toUpperCase() : shared }))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toMatchObject({ message: EMAIL_TAKEN, errors: { email: EMAIL_TAKEN } });
    const after = await counts();
    expect([after.staff - before.staff, after.users - before.users]).toEqual([1, 1]);
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
    await app.db
      .update(staff)
      .set({ status: 'inactive' })
      .where(and(eq(staff.schoolId, school.school.id), eq(staff.id, amaka.id)));
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

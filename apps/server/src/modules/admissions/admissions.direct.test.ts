import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolRow } from '../../db/columns';
import { auditLog, enrolments, guardians, studentGuardians, students } from '../../db/schema';
import { createClass, createEnrolment, usersWithEmail } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TestClient;
let otherAdmin: TestClient;
let jss2a: string;
let jss2b: string;
let sss1a: string;
let otherClass: string;

const YEAR = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', year: 'numeric' }).format(new Date()));

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  admin = new TestClient(app);
  await admin.login(tenant.users.admin.email);
  otherAdmin = new TestClient(app);
  await otherAdmin.login(other.users.admin.email);
  jss2a = (await createClass(app.db, tenant, { level: 'JSS 2', arm: 'A' })).id;
  jss2b = (await createClass(app.db, tenant, { level: 'JSS 2', arm: 'B' })).id;
  sss1a = (await createClass(app.db, tenant, { level: 'SSS 1', arm: 'A' })).id;
  otherClass = (await createClass(app.db, other, { level: 'JSS 2', arm: 'A' })).id;
  // JSS 2 A already has a student, so JSS 2 B is the emptiest arm
  await createEnrolment(app.db, tenant, { studentId: tenant.student.id, classId: jss2a });
});
afterAll(async () => {
  await app.close();
});

function admission(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Chinedu Obinna Okafor',
    gender: 'male',
    dob: '2012-03-04',
    originState: 'Anambra',
    class: 'JSS 2',
    guardianName: 'Mr Emeka Okafor',
    relationship: 'father',
    email: 'emeka.okafor@mail.ng',
    guardianPhone: '0803 123 4567',
    address: '12 Zik Avenue, Awka',
    ...overrides,
  };
}

async function studentCount(schoolId = tenant.school.id) {
  const [row] = await app.db.select({ n: count() }).from(students).where(eq(students.schoolId, schoolId));
  return row.n;
}

describe('direct admission', () => {
  it('admits a student: registration number, parent account with invitation, enrolment in the emptiest arm, audit', async () => {
    const res = await admin.post('/api/admissions/students', admission());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json().student;
    expect(body).toMatchObject({
      name: 'Chinedu Obinna Okafor',
      className: 'JSS 2 B',
      sessionName: '2023/24',
      notes: ['Parent invitation sent to emeka.okafor@mail.ng.'],
    });
    expect(body.registrationNo).toMatch(new RegExp(`^${tenant.school.code}/${YEAR}/\\d{4}$`));

    const [student] = await app.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, tenant.school.id), eq(students.id, body.studentId)));
    expect(student).toMatchObject({
      schoolId: tenant.school.id,
      registrationNo: body.registrationNo,
      firstName: 'Chinedu',
      middleName: 'Obinna',
      lastName: 'Okafor',
      gender: 'male',
      dateOfBirth: '2012-03-04',
      stateOfOrigin: 'Anambra',
      status: 'active',
    });
    const [enrolment] = await app.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.schoolId, tenant.school.id), eq(enrolments.studentId, student.id)));
    expect(enrolment).toMatchObject({ classId: jss2b, academicSessionId: tenant.session.id });
    const [parent] = await usersWithEmail(app.db, 'emeka.okafor@mail.ng');
    expect(parent).toMatchObject({ role: 'parent', status: 'invited', name: 'Mr Emeka Okafor', schoolId: tenant.school.id, phone: '08031234567' });
    const [link] = await app.db
      .select({ guardian: guardians })
      .from(studentGuardians)
      .innerJoin(guardians, schoolRow(guardians, studentGuardians.schoolId, studentGuardians.guardianId))
      .where(and(eq(studentGuardians.schoolId, tenant.school.id), eq(studentGuardians.studentId, student.id)));
    expect(link.guardian).toMatchObject({ userId: parent.id, relationship: 'father', name: 'Mr Emeka Okafor' });
    const invitation = (await admin.get('/api/dev/outbox?to=emeka.okafor@mail.ng')).json().items[0];
    expect(invitation.body).toMatch(/invitation code is: \d{8}/);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, student.id), eq(auditLog.action, 'students.admitted')));
    expect(entry.after).toMatchObject({ source: 'direct', registrationNo: body.registrationNo, className: 'JSS 2 B' });
    // the admin can open the profile
    expect((await admin.get(`/api/students/${student.id}`)).statusCode).toBe(200);
  });

  it('uses the same counter as applications, links a second child to the parent, and admits into a chosen class', async () => {
    const first = (await admin.post('/api/admissions/students', admission({ name: 'Ifeoma Okafor', email: 'twin.parent@mail.ng' }))).json().student;
    const res = await admin.post('/api/admissions/students', admission({ name: 'Obiora Okafor', email: 'Twin.Parent@mail.ng', classId: jss2a }));
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json().student;
    expect(second).toMatchObject({ className: 'JSS 2 A', notes: ['Linked to the existing parent account of twin.parent@mail.ng.'] });
    const seq = (r: string) => Number(r.split('/')[2]);
    expect(seq(second.registrationNo)).toBe(seq(first.registrationNo) + 1);
    expect(await usersWithEmail(app.db, 'twin.parent@mail.ng')).toHaveLength(1);
  });

  it('takes the gender as M or F in any case and stores it as male or female', async () => {
    const res = await admin.post('/api/admissions/students', admission({ name: 'Kelechi Okafor', gender: ' m ', email: 'kelechi.parent@mail.ng' }));
    expect(res.statusCode, res.body).toBe(201);
    const { studentId } = res.json().student;
    const [student] = await app.db
      .select({ gender: students.gender })
      .from(students)
      .where(and(eq(students.schoolId, tenant.school.id), eq(students.id, studentId)));
    expect(student.gender).toBe('male');
    expect((await admin.get(`/api/students/${studentId}`)).json()).toMatchObject({ student: { gender: 'male' } });
    const edited = await admin.put(`/api/students/${studentId}`, {
      firstName: 'Kelechi',
      lastName: 'Okafor',
      gender: 'F',
      dateOfBirth: '2012-03-04',
      stateOfOrigin: 'Anambra',
      address: '12 Zik Avenue, Awka',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await admin.get(`/api/students/${studentId}`)).json()).toMatchObject({ student: { gender: 'female' } });
  });

  it('gives every required message and writes nothing', async () => {
    const before = await studentCount();
    const res = await admin.post('/api/admissions/students', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name is required',
      gender: 'Gender is required',
      dob: 'Date of Birth is required',
      originState: 'State of origin is required',
      class: 'Class is required',
      guardianName: 'Guardian name is required',
      relationship: 'Relationship is required',
      email: 'Guardian email is required',
      guardianPhone: 'Guardian phone number is required',
      address: 'Guardian address is required',
    });
    expect(await studentCount()).toBe(before);
  });

  it('gives the messages of wrong values', async () => {
    const res = await admin.post(
      '/api/admissions/students',
      admission({
        email: 'okafor-at-mail',
        guardianPhone: '12',
        dob: '2012-02-30',
        originState: 'Accra',
        class: 'Year 7',
        relationship: 'neighbour',
        gender: 'x',
        wardEmail: 'x@',
        classId: 'nope',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: 'Invalid email address',
      guardianPhone: 'Invalid phone number',
      dob: 'Invalid DOB',
      originState: 'State of origin is required',
      class: 'Class is required',
      relationship: 'Relationship is required',
      gender: 'Gender is required',
      wardEmail: 'Invalid email address',
      classId: 'Choose a class',
    });
    const future = await admin.post('/api/admissions/students', admission({ dob: `${YEAR + 1}-01-01` }));
    expect(future.json().errors).toEqual({ dob: 'Invalid DOB' });
  });

  it('refuses a class of another level (400), answers 409 when the level has no class, and writes nothing', async () => {
    const before = await studentCount();
    const wrongLevel = await admin.post('/api/admissions/students', admission({ classId: sss1a }));
    expect(wrongLevel.statusCode).toBe(400);
    expect(wrongLevel.json().errors).toEqual({ classId: 'Choose a class of JSS 2' });
    const none = await admin.post('/api/admissions/students', admission({ class: 'SSS 3', email: 'no.class@mail.ng' }));
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('There is no SSS 3 class in the 2023/24 session. Add one under Academics first.');
    expect(await studentCount()).toBe(before);
    expect(await usersWithEmail(app.db, 'no.class@mail.ng')).toHaveLength(0);
  });

  it('answers 404 for a class of another school, 401 signed out and 403 to other roles', async () => {
    const before = await studentCount();
    const res = await admin.post('/api/admissions/students', admission({ classId: otherClass }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Class not found');
    expect((await otherAdmin.post('/api/admissions/students', admission({ classId: jss2a }))).statusCode).toBe(404);
    expect(await studentCount()).toBe(before);
    expect(await studentCount(other.school.id)).toBe(1);

    expect((await new TestClient(app).post('/api/admissions/students', admission())).statusCode).toBe(401);
    for (const role of ['teacher', 'parent', 'student'] as const) {
      const client = new TestClient(app);
      await client.login(tenant.users[role].email);
      expect((await client.post('/api/admissions/students', admission())).statusCode, role).toBe(403);
    }
  });
});

// ---------------------------------------------------------------- import

const HEADER = 'name,gender,dob,state_of_origin,class_level,arm,guardian_name,relationship,guardian_email,guardian_phone,address';

function row(name: string, overrides: Partial<Record<string, string>> = {}): string {
  const v = {
    name,
    gender: 'female',
    dob: '14/02/2012',
    state: 'lagos',
    level: 'jss2',
    arm: '',
    guardian: 'Mrs Adaeze Nwosu',
    relationship: 'Mother',
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.parent@mail.ng`,
    phone: '08021234567',
    address: '"4 Allen Avenue, Ikeja"',
    ...overrides,
  };
  return [v.name, v.gender, v.dob, v.state, v.level, v.arm, v.guardian, v.relationship, v.email, v.phone, v.address].join(',');
}

function csv(...rows: string[]): string {
  return `\uFEFF${HEADER}\r\n${rows.join('\r\n')}\r\n`;
}

async function upload(client: TestClient, content: string | Buffer, fields: Record<string, string> = { mode: 'all-or-nothing' }, filename = 'students.csv') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), filename);
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return client.request({ method: 'POST', url: '/api/admissions/imports', payload, headers: { 'content-type': response.headers.get('content-type')! } });
}

describe('importing students from CSV', () => {
  it('all-or-nothing: one bad row answers 400 with the row-by-row report and writes nothing', async () => {
    const before = await studentCount();
    const content = csv(row('Bola Ade'), row('Tunde Ade', { dob: '31/02/2012', email: 'not-an-email' }), row('Kemi Ade'));
    const res = await upload(admin, content);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('1 of 3 rows have errors, so nothing was imported. Correct them and import again.');
    expect(body).toMatchObject({ mode: 'all-or-nothing', dryRun: false, imported: 0, skipped: 3 });
    expect(body.rows).toEqual([
      { line: 2, ok: true, errors: {}, name: 'Bola Ade' },
      { line: 3, ok: false, errors: { dob: 'Invalid DOB', guardian_email: 'Invalid email address' }, name: 'Tunde Ade' },
      { line: 4, ok: true, errors: {}, name: 'Kemi Ade' },
    ]);
    expect(await studentCount()).toBe(before);
    expect(await usersWithEmail(app.db, 'bola.ade.parent@mail.ng')).toHaveLength(0);
  });

  it('all-or-nothing with every row right imports them all in the emptiest arms, or the arm named', async () => {
    const before = await studentCount();
    const res = await upload(admin, csv(row('Musa Bello', { arm: 'a' }), row('Hauwa Bello', { level: 'JSS 2', state: 'Kano', dob: '2011-12-01' })));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ imported: 2, skipped: 0, dryRun: false });
    expect(body.rows[0]).toMatchObject({ ok: true, className: 'JSS 2 A' });
    expect(body.rows[1].registrationNo).toMatch(new RegExp(`^${tenant.school.code}/${YEAR}/\\d{4}$`));
    expect(await studentCount()).toBe(before + 2);
    const [hauwa] = await app.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, tenant.school.id), eq(students.id, body.rows[1].studentId)));
    expect(hauwa).toMatchObject({ firstName: 'Hauwa', lastName: 'Bello', dateOfBirth: '2011-12-01', stateOfOrigin: 'Kano', address: '4 Allen Avenue, Ikeja' });
    const [musa] = await app.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, tenant.school.id), eq(students.id, body.rows[0].studentId)));
    expect(musa.dateOfBirth).toBe('2012-02-14');
    const [guardian] = await app.db
      .select()
      .from(guardians)
      .where(and(eq(guardians.schoolId, tenant.school.id), eq(guardians.email, 'musa.bello.parent@mail.ng')));
    expect(guardian).toMatchObject({ relationship: 'mother', name: 'Mrs Adaeze Nwosu' });
    const actions = (await app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.schoolId, tenant.school.id))).map((r) => r.action);
    expect(actions).toContain('admissions.students_imported');
  });

  it('valid-rows-only imports exactly the good rows and reports the rest (class level, arm, duplicates)', async () => {
    const before = await studentCount();
    const content = csv(
      row('Ngozi Eze'),
      row('Ngozi Eze', { email: 'other.parent@mail.ng' }),
      row('Emeka Eze', { level: 'SSS 3' }),
      row('Obi Eze', { arm: 'Z' }),
      row('', { gender: '', relationship: 'cousin', email: 'blank.name@mail.ng' }),
      row('Ada Eze'),
    );
    const res = await upload(admin, content, { mode: 'valid-rows-only' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ imported: 2, skipped: 4 });
    expect(body.rows.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false, false, false, true]);
    expect(body.rows[1].errors).toEqual({ name: 'Same name and date of birth as line 2' });
    expect(body.rows[2].errors).toEqual({ class_level: 'There is no SSS 3 class in the 2023/24 session' });
    expect(body.rows[3].errors).toEqual({ arm: 'There is no JSS 2 Z class in the 2023/24 session' });
    expect(body.rows[4].errors).toEqual({
      name: 'Name is required',
      gender: 'Gender is required',
      relationship: '“cousin” is not a relationship (father, mother, uncle, aunty, brother or sister)',
    });
    expect(await studentCount()).toBe(before + 2);
    const imported = await app.db.select({ id: students.id }).from(students).where(eq(students.schoolId, tenant.school.id));
    const ids = new Set(imported.map((s) => s.id));
    expect(ids.has(body.rows[0].studentId) && ids.has(body.rows[5].studentId)).toBe(true);

    // the same file again admits nobody twice
    const again = await upload(admin, content, { mode: 'valid-rows-only' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().imported).toBe(0);
    expect(again.json().rows[0].errors.name).toBe(`Already a student of the school (${body.rows[0].registrationNo}) with this name and date of birth`);
    expect(await studentCount()).toBe(before + 2);
  });

  it('a dry run reports and writes nothing, in either mode', async () => {
    const before = await studentCount();
    const content = csv(row('Dry Run One'), row('Dry Run Two', { gender: 'other' }));
    const all = await upload(admin, content, { mode: 'all-or-nothing', dryRun: 'true' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ dryRun: true, imported: 0, skipped: 2 });
    const valid = await upload(admin, content, { mode: 'valid-rows-only', dryRun: 'true' });
    expect(valid.json()).toMatchObject({ dryRun: true, imported: 1, skipped: 1 });
    expect(valid.json().rows[1].errors).toEqual({ gender: '“other” is not a gender (male or female, M or F)' });
    expect(valid.json().rows[0].registrationNo).toBeUndefined();
    expect(await studentCount()).toBe(before);
  });

  it('refuses a file too large, too many rows, no header, a wrong or broken file, and a missing mode', async () => {
    const before = await studentCount();
    const big = await upload(admin, `${HEADER}\r\n${'x'.repeat(2 * 1024 * 1024 + 10)}`);
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual({ file: 'The CSV file must be at most 2 MB' });

    const many = await upload(admin, csv(...Array.from({ length: 1001 }, (_, i) => row(`Pupil ${i}`))));
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('The file has 1001 rows; import at most 1000 at a time');

    const noHeader = await upload(admin, `${row('Ada Obi')}\r\n`);
    expect(noHeader.json().message).toBe(`The first row must be the header: admission_number, ${HEADER.split(',').join(', ')}, email, phone`);
    const missing = await upload(admin, 'name,gender,dob\r\nAda,female,2012-01-01\r\n');
    expect(missing.json().message).toBe(
      'The header has no column state_of_origin, class_level, guardian_name, relationship, guardian_email, guardian_phone, address',
    );
    expect((await upload(admin, `${HEADER}\r\n`)).json().message).toBe('The file has no students under the header row');

    const xlsx = await upload(admin, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]), undefined, 'students.xlsx');
    expect(xlsx.json().errors).toEqual({ file: 'Choose a CSV file (in a spreadsheet: Save as “CSV UTF-8”)' });
    const latin1 = await upload(admin, Buffer.from(`${HEADER}\r\nJos\xe9,male\r\n`, 'latin1'));
    expect(latin1.json().errors).toEqual({ file: 'The file must be UTF-8 text (in a spreadsheet: Save as “CSV UTF-8”)' });
    const broken = await upload(admin, `${HEADER}\r\n"Ada, Obi,female\r\n`);
    expect(broken.json().message).toBe('Line 2: a quoted value is not closed');
    const noMode = await upload(admin, csv(row('Ada Obi')), {});
    expect(noMode.json().errors).toEqual({ mode: 'Choose what to do with rows that have errors' });
    const noFile = await admin.post('/api/admissions/imports', { mode: 'all-or-nothing' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: 'Choose a CSV file to import' });
    expect(await studentCount()).toBe(before);
  });

  it('imports into the caller’s own school only; 401 signed out and 403 to other roles', async () => {
    const before = await studentCount();
    const res = await upload(otherAdmin, csv(row('Other School Pupil', { arm: 'A' })));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows[0].className).toBe('JSS 2 A');
    const [created] = await app.db
      .select()
      .from(students)
      .where(and(inArray(students.schoolId, [tenant.school.id, other.school.id]), eq(students.id, res.json().rows[0].studentId)));
    expect(created.schoolId).toBe(other.school.id);
    expect(await studentCount()).toBe(before);
    expect((await upload(new TestClient(app), csv(row('X Y')))).statusCode).toBe(401);
    const teacher = new TestClient(app);
    await teacher.login(tenant.users.teacher.email);
    expect((await upload(teacher, csv(row('X Y')))).statusCode).toBe(403);
  });
});

/**
 * The student import's accounts and numbers (issue 19): lenient genders, the student's email (a login
 * and an invitation) and phone, the school's own admission numbers (and editing them later), and the
 * invitation codes shown to the school's administrators: after an import and as slips for a class.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students } from '../../db/schema';
import { createClass, usersWithEmail } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TestClient;
let jss3a: string;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  admin = new TestClient(app);
  await admin.login(tenant.users.admin.email);
  jss3a = (await createClass(app.db, tenant, { level: 'JSS 3', arm: 'A' })).id;
});
afterAll(async () => {
  await app.close();
});

const HEADER = 'Admission number,name,gender,dob,state_of_origin,class_level,arm,guardian_name,relationship,guardian_email,guardian_phone,address,Email,Phone';

function row(name: string, o: Partial<Record<'number' | 'gender' | 'guardianEmail' | 'email' | 'phone', string>> = {}): string {
  const slug = name.toLowerCase().replace(/\W+/g, '.');
  const guardianEmail = o.guardianEmail ?? `${slug}.parent@mail.ng`;
  return [
    o.number ?? '',
    name,
    o.gender ?? 'female',
    '14/02/2010',
    'Oyo',
    'JSS 3',
    'A',
    'Mrs Ola',
    'mother',
    guardianEmail,
    '08021234567',
    '"2 Ring Road, Ibadan"',
    o.email ?? '',
    o.phone ?? '',
  ].join(',');
}

const csv = (...rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;

async function upload(client: TestClient, content: string, fields: Record<string, string> = { mode: 'all-or-nothing' }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([content], { type: 'text/csv' }), 'students.csv');
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return client.request({ method: 'POST', url: '/api/admissions/imports', payload, headers: { 'content-type': response.headers.get('content-type')! } });
}

const preview = (content: string) => upload(admin, content, { mode: 'valid-rows-only', dryRun: 'true' });

async function studentOf(registrationNo: string) {
  const [row] = await app.db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, tenant.school.id), eq(students.registrationNo, registrationNo)));
  return row;
}

function register(email: string, code: string) {
  return new TestClient(app).post('/api/auth/register', { email, code: Number(code), password: 'a-new-pass-19', confirmPassword: 'a-new-pass-19' });
}

describe('lenient values', () => {
  it('accepts M, F, Male, female, FEMALE as genders and names a wrong one', async () => {
    const res = await preview(
      csv(
        row('Gender One', { gender: 'M' }),
        row('Gender Two', { gender: 'F' }),
        row('Gender Three', { gender: 'Male' }),
        row('Gender Four', { gender: 'FEMALE' }),
        row('Gender Five', { gender: 'x' }),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, true, true, false]);
    expect(res.json().rows[4].errors).toEqual({ gender: '“x” is not a gender (male or female, M or F)' });

    const written = await upload(admin, csv(row('Gender Six', { gender: 'm', number: 'GEN/6' }), row('Gender Seven', { gender: 'F', number: 'GEN/7' })));
    expect(written.statusCode, written.body).toBe(200);
    expect((await studentOf('GEN/6')).gender).toBe('male');
    expect((await studentOf('GEN/7')).gender).toBe('female');
  });

  it('refuses a phone that is not a Nigerian number, and a phone without an email, as row errors', async () => {
    const res = await preview(
      csv(
        row('Phone One', { email: 'phone.one@mail.ng', phone: '12345' }),
        row('Phone Two', { phone: '08031234567' }),
        row('Phone Three', { email: 'phone.three@mail.ng', phone: '0803 123 4567' }),
      ),
    );
    expect(res.json().rows.map((r: { errors: object }) => r.errors)).toEqual([
      { phone: 'Invalid phone number: write it as 08031234567 or +2348031234567' },
      { phone: 'A student’s phone is kept with their sign-in account: add their email too' },
      {},
    ]);
  });

  it('refuses a student email that is invalid, already an account, the guardian’s, or repeated in the file', async () => {
    const res = await preview(
      csv(
        row('Mail One', { email: 'not-an-email' }),
        row('Mail Two', { email: tenant.users.teacher.email }),
        row('Mail Three', { email: 'same.as.guardian@mail.ng', guardianEmail: 'same.as.guardian@mail.ng' }),
        row('Mail Four', { email: 'twice@mail.ng' }),
        row('Mail Five', { email: 'TWICE@mail.ng' }),
      ),
    );
    expect(res.json().rows.map((r: { errors: object }) => r.errors)).toEqual([
      { email: 'Invalid email address' },
      { email: `${tenant.users.teacher.email.toLowerCase()} already has an account; leave the student’s email empty or use another` },
      { email: 'The student’s email must differ from the guardian’s' },
      {},
      { email: 'Same email as line 5' },
    ]);
  });
});

describe('email: a sign-in account and an invitation', () => {
  it('creates the student’s login with the phone as +234…, and shows the administrator the codes, which work', async () => {
    const res = await upload(admin, csv(row('Ife Adeyemi', { email: 'ife.adeyemi@mail.ng', phone: '0803-123-4567' })));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const [account] = await usersWithEmail(app.db, 'ife.adeyemi@mail.ng');
    expect(account).toMatchObject({ role: 'student', status: 'invited', phone: '+2348031234567', name: 'Ife Adeyemi' });
    const student = await studentOf(body.rows[0].registrationNo);
    expect(student.userId).toBe(account.id);

    expect(body.invitations.registerUrl).toMatch(/\/auth\/register$/);
    expect(body.invitations.items).toEqual([
      expect.objectContaining({
        role: 'parent',
        name: 'Mrs Ola',
        email: 'ife.adeyemi.parent@mail.ng',
        studentName: 'Ife Adeyemi',
        code: expect.stringMatching(/^\d{8}$/),
      }),
      expect.objectContaining({ role: 'student', name: 'Ife Adeyemi', email: 'ife.adeyemi@mail.ng', registrationNo: student.registrationNo }),
    ]);
    const studentCode = body.invitations.items[1].code;
    expect((await register('ife.adeyemi@mail.ng', studentCode)).statusCode).toBe(200);
  });

  it('shows no codes in a preview', async () => {
    const res = await preview(csv(row('Preview Pupil', { email: 'preview.pupil@mail.ng' })));
    expect(res.json().invitations).toBeUndefined();
  });
});

describe('the school’s own admission number', () => {
  it('keeps a given number, generates one without it, and names the row of a duplicate', async () => {
    const res = await upload(admin, csv(row('Own Number', { number: ' KGS/0412 ' }), row('No Number')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows[0].registrationNo).toBe('KGS/0412');
    expect(res.json().rows[1].registrationNo).toMatch(new RegExp(`^${tenant.school.code}/\\d{4}/\\d{4}$`));

    const again = await upload(
      admin,
      csv(
        row('Dup One', { number: 'kgs/0412' }),
        row('Dup Two', { number: 'NEW/1' }),
        row('Dup Three', { number: 'NEW/1' }),
        row('Dup Four', { number: 'a b' }),
      ),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().rows.map((r: { errors: object }) => r.errors)).toEqual([
      { admission_number: 'Admission number kgs/0412 is already Own Number’s' },
      {},
      { admission_number: 'Admission number NEW/1 is also on line 3' },
      { admission_number: 'Admission number may hold only letters, digits and / - . _' },
    ]);
    expect(await studentOf('NEW/1')).toBeUndefined();
  });

  it('an administrator edits it: trimmed, unique in the school, at most 30 characters, audited; others may not', async () => {
    const student = await studentOf('KGS/0412');
    const details = { firstName: 'Own', lastName: 'Number', gender: 'female', dateOfBirth: '2010-02-14', stateOfOrigin: 'Oyo', address: '2 Ring Road, Ibadan' };
    const edit = (client: TestClient, registrationNo: string) => client.put(`/api/students/${student.id}`, { ...details, registrationNo });

    const ok = await edit(admin, '  KGS/0999 ');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().student.registrationNo).toBe('KGS/0999');
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, student.id), eq(auditLog.action, 'student.updated')));
    expect(entry.before).toMatchObject({ registrationNo: 'KGS/0412' });
    expect(entry.after).toMatchObject({ registrationNo: 'KGS/0999' });

    const taken = await edit(admin, 'gen/6');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ registrationNo: 'Admission number gen/6 is already another student’s (Gender Six)' });
    const long = await edit(admin, 'X'.repeat(31));
    expect(long.json().errors).toEqual({ registrationNo: 'Admission number must be at most 30 characters' });
    const empty = await edit(admin, '  ');
    expect(empty.json().errors).toEqual({ registrationNo: 'Admission number is required' });
    // without the field the number stays
    expect((await admin.put(`/api/students/${student.id}`, details)).json().student.registrationNo).toBe('KGS/0999');

    const teacher = new TestClient(app);
    await teacher.login(tenant.users.teacher.email);
    expect((await edit(teacher, 'T/1')).statusCode).toBe(403);
    expect((await studentOf('KGS/0999')).id).toBe(student.id);
  });
});

describe('invitation slips for a class', () => {
  it('issues new codes to the class’s accounts not yet signed up, never a used one; the old codes stop working', async () => {
    const imported = await upload(admin, csv(row('Slip Pupil', { email: 'slip.pupil@mail.ng' })));
    const oldParentCode = imported.json().invitations.items.find((i: { email: string }) => i.email === 'slip.pupil.parent@mail.ng').code;

    const res = await admin.post(`/api/admissions/classes/${jss3a}/invitation-slips`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ schoolName: tenant.school.name, className: 'JSS 3 A', sessionName: '2023/24' });
    const emails = body.items.map((i: { email: string }) => i.email);
    expect(emails).toContain('slip.pupil@mail.ng');
    expect(emails).toContain('slip.pupil.parent@mail.ng');
    // Ife registered with her code above: her account is not on a slip
    expect(emails).not.toContain('ife.adeyemi@mail.ng');
    expect(emails).toContain('ife.adeyemi.parent@mail.ng');

    const slip = body.items.find((i: { email: string }) => i.email === 'slip.pupil.parent@mail.ng');
    expect(slip).toMatchObject({ role: 'parent', studentName: 'Slip Pupil', code: expect.stringMatching(/^\d{8}$/) });
    expect((await register('slip.pupil.parent@mail.ng', oldParentCode)).statusCode).toBe(400);
    expect((await register('slip.pupil.parent@mail.ng', slip.code)).statusCode).toBe(200);

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, jss3a), eq(auditLog.action, 'invitations.slips_issued')));
    expect(JSON.stringify(audit.after)).not.toContain(slip.code);
  });

  it('are for the school’s administrators only: 403 to a teacher or the owner, 404 for another school’s class, 401 signed out', async () => {
    const url = `/api/admissions/classes/${jss3a}/invitation-slips`;
    const teacher = new TestClient(app);
    await teacher.login(tenant.users.teacher.email);
    expect((await teacher.post(url)).statusCode).toBe(403);
    const owner = new TestClient(app);
    await owner.login(tenant.users.super_admin.email);
    expect((await owner.post(url)).statusCode).toBe(403);
    const parent = new TestClient(app);
    await parent.login(tenant.users.parent.email);
    expect((await parent.post(url)).statusCode).toBe(403);
    const otherAdmin = new TestClient(app);
    await otherAdmin.login(other.users.admin.email);
    expect((await otherAdmin.post(url)).statusCode).toBe(404);
    expect((await new TestClient(app).post(url)).statusCode).toBe(401);
  });
});

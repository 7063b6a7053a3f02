import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admissionApplications,
  auditLog,
  enrolments,
  guardians,
  serialCodeBatches,
  serialCodes,
  studentGuardians,
  students,
  uploads,
  users,
} from '../../db/schema';
import { createClass, createEnrolment, createStudent } from '../../test/factories';
import { certificatePdf, pdfPages } from '../../test/pdf';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TestClient;
let otherAdmin: TestClient;
let jss1a: string;
let jss1b: string;

const INVALID = 'This serial code is not valid';
const YEAR = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', year: 'numeric' }).format(new Date()));
const NEXT_YEAR_DATE = `${YEAR + 1}-07-31`;
const PDF = await certificatePdf();
// a real 2×2 PNG: uploads are decoded, so a PNG header alone is refused
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWNQWpWmtCqNAUIBACB2BMlh+Ye5AAAAAElFTkSuQmCC',
  'base64',
);

let ipCounter = 0;
/** Each test its own address, so that the per-IP limits of one test do not reach another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  admin = new TestClient(app);
  await admin.login(tenant.users.admin.email);
  otherAdmin = new TestClient(app);
  await otherAdmin.login(other.users.admin.email);
  jss1a = (await createClass(app.db, tenant, { level: 'JSS 1', arm: 'A' })).id;
  jss1b = (await createClass(app.db, tenant, { level: 'JSS 1', arm: 'B' })).id;
  // JSS 1 A already has a student, so JSS 1 B is the arm with the fewest
  await createEnrolment(app.db, tenant, { studentId: tenant.student.id, classId: jss1a });
});
afterAll(async () => {
  await app.close();
});

async function generate(client: TestClient, body: Record<string, unknown> = {}) {
  return client.post('/api/admissions/serial-code-batches', { quantity: 3, price: '2500', expiresOn: NEXT_YEAR_DATE, ...body });
}

async function codesOf(client: TestClient, batchId: string): Promise<string[]> {
  const res = await client.get(`/api/admissions/serial-code-batches/${batchId}/codes`);
  expect(res.statusCode).toBe(200);
  return res.json().codes.map((c: { code: string }) => c.code);
}

/** A fresh code of the tenant's school. */
async function freshCode(client = admin): Promise<string> {
  const res = await generate(client, { quantity: 1 });
  expect(res.statusCode).toBe(201);
  return (await codesOf(client, res.json().batch.id))[0];
}

function check(serialCode: unknown, ip = freshIp()) {
  return new TestClient(app).request({ method: 'POST', url: '/api/admissions/serial-codes/check', payload: { serialCode } as object, remoteAddress: ip });
}

async function tokenFor(code: string): Promise<string> {
  const res = await check(code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

function validFields(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    email: 'mrs.bello@mail.ng',
    guardianPhone: '08021234567',
    address: '7 Ahmadu Bello Way, Kaduna',
    relationship: 'mother',
    name: 'Aisha Zainab Bello',
    gender: 'female',
    dob: '2014-09-12',
    phone: '08121234567',
    originState: 'Kaduna',
    prevEducation: 'Primary school leaving certificate',
    institution: 'Sunshine Primary School',
    institutionAddress: '2 Market Road, Kaduna',
    attendedClasses: 'Primary 6',
    institutionContactName: 'Mr. Musa',
    institutionContactPhone: '07031234567',
    class: 'JSS 1',
    ...overrides,
  };
}

type FilePart = { bytes: Buffer; name: string; type: string } | null;

async function multipart(values: Record<string, string | undefined>, file: FilePart) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.append(key, value);
  if (file) form.append('birthCertificate', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

const pdfFile = (): FilePart => ({ bytes: PDF, name: 'birth-certificate.pdf', type: 'application/pdf' });

async function submit(token: string | undefined, fields = validFields(), file: FilePart = pdfFile(), ip = freshIp()) {
  const { payload, headers } = await multipart({ ...fields, token }, file);
  return new TestClient(app).request({ method: 'POST', url: '/api/admissions/applications', payload, headers, remoteAddress: ip });
}

/** Submits a valid application with a fresh code; answers its id and registration number. */
async function apply(fields: Record<string, string | undefined> = {}) {
  const res = await submit(await tokenFor(await freshCode()), validFields(fields));
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await app.db
    .select()
    .from(admissionApplications)
    .where(and(eq(admissionApplications.schoolId, tenant.school.id), eq(admissionApplications.registrationNo, res.json().registrationNo)));
  return row;
}

async function decide(client: TestClient, body: Record<string, unknown>) {
  return client.post('/api/admissions/applications/decisions', body);
}

async function counts() {
  const [[a], [u], [c]] = await Promise.all([
    app.db.select({ n: count() }).from(admissionApplications),
    app.db.select({ n: count() }).from(uploads),
    app.db
      .select({ n: count() })
      .from(serialCodes)
      .where(sql`${serialCodes.usedAt} is not null`),
  ]);
  return { applications: a.n, uploads: u.n, usedCodes: c.n };
}

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

describe('serial code batches', () => {
  it('generates 12-digit codes, unique, with the price kept in kobo, and lists the batch with its counts', async () => {
    const res = await generate(admin, { quantity: 25, price: '2,500.50' });
    expect(res.statusCode, res.body).toBe(201);
    const { batch } = res.json();
    expect(batch).toMatchObject({
      quantity: 25,
      priceKobo: 250050,
      expiresOn: NEXT_YEAR_DATE,
      used: 0,
      unused: 25,
      expired: false,
      createdBy: tenant.users.admin.name,
    });
    const codes = await codesOf(admin, batch.id);
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^[1-9]\d{11}$/);
    const [stored] = await app.db.select().from(serialCodes).where(eq(serialCodes.code, codes[0]));
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const list = await admin.get('/api/admissions/serial-code-batches');
    expect(list.json().items.find((b: { id: string }) => b.id === batch.id)).toMatchObject({ used: 0, unused: 25 });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, batch.id), eq(auditLog.action, 'admissions.serial_codes_generated')));
    expect(entry.after).toMatchObject({ quantity: 25, priceKobo: 250050 });
  });

  it('refuses bad input with the field messages and writes nothing', async () => {
    const [before] = await app.db.select({ n: count() }).from(serialCodeBatches);
    const empty = await admin.post('/api/admissions/serial-code-batches', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ quantity: 'Number of codes is required', price: 'Price is required', expiresOn: 'Expiry date is required' });
    const tooMany = await generate(admin, { quantity: 1001 });
    expect(tooMany.json().errors).toEqual({ quantity: 'Number of codes must be a whole number from 1 to 1000' });
    const badPrice = await generate(admin, { price: 'free' });
    expect(badPrice.json().errors).toEqual({ price: 'Price must be an amount in naira, e.g. 2500 or 2500.50' });
    const past = await generate(admin, { expiresOn: '2020-01-01' });
    expect(past.json().errors).toEqual({ expiresOn: 'Expiry date cannot be in the past' });
    const [after] = await app.db.select({ n: count() }).from(serialCodeBatches);
    expect(after.n).toBe(before.n);
  });

  it('exports a batch as CSV', async () => {
    const { batch } = (await generate(admin, { quantity: 2, price: 1500 })).json();
    const codes = await codesOf(admin, batch.id);
    const res = await admin.get(`/api/admissions/serial-code-batches/${batch.id}/codes.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="serial-codes-/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Serial code,Price (NGN),Expires on,Status,Used on,Registration number');
    expect(lines.slice(1).sort()).toEqual(codes.map((c) => `${c},1500.00,${NEXT_YEAR_DATE},Unused,,`).sort());
  });

  it('answers 401 signed out, 403 to other roles and 404 for another school’s batch', async () => {
    const { batch } = (await generate(admin, { quantity: 1 })).json();
    expect((await new TestClient(app).get('/api/admissions/serial-code-batches')).statusCode).toBe(401);
    const teacher = await signedIn(tenant.users.teacher.email);
    expect((await teacher.get('/api/admissions/serial-code-batches')).statusCode).toBe(403);
    expect((await generate(teacher)).statusCode).toBe(403);
    expect((await otherAdmin.get(`/api/admissions/serial-code-batches/${batch.id}/codes`)).statusCode).toBe(404);
    expect((await otherAdmin.get(`/api/admissions/serial-code-batches/${batch.id}/codes.csv`)).statusCode).toBe(404);
    expect((await otherAdmin.get('/api/admissions/serial-code-batches')).json().items.some((b: { id: string }) => b.id === batch.id)).toBe(false);
    expect((await admin.get('/api/admissions/serial-code-batches/not-an-id/codes')).statusCode).toBe(404);
  });
});

describe('checking a serial code', () => {
  it('gives an application token and the school’s name for a valid code', async () => {
    const res = await check(await freshCode());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ schoolName: tenant.school.name });
    expect(res.json().token).toMatch(new RegExp(`^${tenant.school.id}\\.[\\w-]+$`));
  });

  it('gives the spec messages for an empty code and one that is not a number', async () => {
    const empty = await check('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ serialCode: 'Serial code is required' });
    expect((await check(undefined)).json().errors).toEqual({ serialCode: 'Serial code is required' });
    expect((await check('12ab')).json().errors).toEqual({ serialCode: 'Serial code must be a number' });
  });

  it('answers one generic message to a wrong, a used and an expired code', async () => {
    const wrong = await check('123456789012');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: INVALID, errors: { serialCode: INVALID } });

    const used = await apply();
    const [usedCode] = await app.db.select().from(serialCodes).where(eq(serialCodes.id, used.serialCodeId!));
    expect((await check(usedCode.code)).json().message).toBe(INVALID);

    const expiring = await generate(admin, { quantity: 1 });
    const [code] = await codesOf(admin, expiring.json().batch.id);
    await app.db.update(serialCodeBatches).set({ expiresOn: '2020-01-01' }).where(eq(serialCodeBatches.id, expiring.json().batch.id));
    const expired = await check(code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(INVALID);
  });

  it('limits attempts per IP address, with a clear 429', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await check('999999999999', ip)).statusCode);
    expect(statuses.every((s) => s === 400)).toBe(true);
    const limited = await check(await freshCode(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    // another address is not affected
    expect((await check('999999999999')).statusCode).toBe(400);
  });

  it('does not count codes that work (a school office may enter many applications from one address)', async () => {
    const ip = freshIp();
    const codes = await codesOf(admin, (await generate(admin, { quantity: 12 })).json().batch.id);
    for (const code of codes) expect((await check(code, ip)).statusCode).toBe(200);
  });
});

describe('submitting an application', () => {
  it('uses the code up and stores the application as Pending, payment InComplete, with a registration number', async () => {
    const code = await freshCode();
    const token = await tokenFor(code);
    const res = await submit(token, validFields({ wardEmail: 'aisha.bello@mail.ng', guardianName: 'Mrs Hauwa Bello' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ schoolName: tenant.school.name, name: 'Aisha Zainab Bello' });
    expect(body.registrationNo).toMatch(new RegExp(`^${tenant.school.code}/${YEAR}/\\d{4}$`));

    const [row] = await app.db.select().from(admissionApplications).where(eq(admissionApplications.registrationNo, body.registrationNo));
    expect(row).toMatchObject({
      status: 'Pending',
      paymentStatus: 'InComplete',
      classLevel: 'JSS 1',
      guardianEmail: 'mrs.bello@mail.ng',
      wardEmail: 'aisha.bello@mail.ng',
      dateOfBirth: '2014-09-12',
    });
    const [upload] = await app.db.select().from(uploads).where(eq(uploads.id, row.birthCertificateUploadId!));
    expect(upload).toMatchObject({ purpose: 'birth-certificate', mimeType: 'application/pdf', schoolId: tenant.school.id });
    const [usedCode] = await app.db.select().from(serialCodes).where(eq(serialCodes.code, code));
    expect(usedCode.usedAt).not.toBeNull();
    expect(usedCode.applicationId).toBe(row.id);
    expect((await check(code)).json().message).toBe(INVALID);
    // the same token cannot be used twice
    expect((await submit(token)).json()).toMatchObject({ statusCode: 400, message: INVALID });
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(entry).toMatchObject({ action: 'admissions.application_submitted', userId: null });
    const outbox = (await admin.get('/api/dev/outbox?to=mrs.bello@mail.ng')).json().items;
    expect(outbox.some((m: { body: string }) => m.body.includes(body.registrationNo))).toBe(true);
  });

  it('numbers applications in sequence, above registration numbers already given that year', async () => {
    await createStudent(app.db, tenant, { registrationNo: `${tenant.school.code}/${YEAR + 1}/0041`, firstName: 'Old', lastName: 'Student', gender: 'male' });
    const first = await apply();
    const second = await apply();
    const seq = (r: string) => Number(r.split('/')[2]);
    expect(seq(second.registrationNo)).toBe(seq(first.registrationNo) + 1);
    // a year whose counter starts now begins above the students already numbered in it
    const { nextRegistrationSeq } = await import('./admissions.admit.repository');
    const next = await app.db.transaction((tx) => nextRegistrationSeq(tx, tenant.school.id, YEAR + 1, `${tenant.school.code}/${YEAR + 1}/`));
    expect(next).toBe(42);
  });

  it('gives every required message (the birth certificate too) and writes nothing', async () => {
    const code = await freshCode();
    const token = await tokenFor(code);
    const before = await counts();
    const empty = Object.fromEntries(Object.keys(validFields()).map((k) => [k, '']));
    const res = await submit(token, empty, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: 'Guardian email is required',
      guardianPhone: 'Guardian phone number is required',
      address: 'Guardian address is required',
      relationship: 'Relationship is required',
      name: 'Name is required',
      gender: 'Gender is required',
      dob: 'Date of Birth is required',
      phone: 'Phone number is required',
      originState: 'State of origin is required',
      prevEducation: 'Previous education is required',
      institution: 'Last school attended is required',
      institutionAddress: 'Address of institution is required',
      attendedClasses: 'Class attended is required',
      institutionContactName: 'Contact person is required',
      institutionContactPhone: 'Contact number is required',
      class: 'Class is required',
      birthCertificate: 'Birth certificate is required',
    });
    const invalid = await submit(
      token,
      validFields({
        email: 'bello-at-mail',
        guardianPhone: '12',
        dob: '2014-02-30',
        originState: 'Accra',
        class: 'Year 7',
        relationship: 'neighbour',
        wardEmail: 'x@',
      }),
    );
    expect(invalid.json().errors).toEqual({
      email: 'Invalid email address',
      guardianPhone: 'Invalid phone number',
      dob: 'Invalid DOB',
      originState: 'State of origin is required',
      class: 'Class is required',
      relationship: 'Relationship is required',
      wardEmail: 'Invalid email address',
    });
    expect(await counts()).toEqual(before);
    // the code still works
    expect((await submit(token)).statusCode).toBe(201);
  });

  it('checks the birth certificate by content and size, and writes nothing when it is refused', async () => {
    const token = await tokenFor(await freshCode());
    const before = await counts();
    const text = await submit(token, validFields(), { bytes: Buffer.from('just some text, not a PDF'), name: 'certificate.pdf', type: 'application/pdf' });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual({ birthCertificate: 'Birth certificate must be a PDF, JPEG or PNG file' });
    const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]);
    const large = await submit(token, validFields(), { bytes: big, name: 'scan.pdf', type: 'application/pdf' });
    expect(large.statusCode).toBe(400);
    expect(large.json().errors).toEqual({ birthCertificate: 'Birth certificate must be at most 5 MB' });
    expect(await counts()).toEqual(before);
    // a PDF named .png is still a PDF, which is allowed; so is a real PNG
    const renamed = await submit(token, validFields(), { bytes: PDF, name: 'scan.png', type: 'image/png' });
    expect(renamed.statusCode, renamed.body).toBe(201);
    const png = await submit(await tokenFor(await freshCode()), validFields(), { bytes: PNG, name: 'scan.png', type: 'image/png' });
    expect(png.statusCode, png.body).toBe(201);
  });

  it('answers the generic message to a missing, forged or expired token', async () => {
    expect((await submit(undefined)).json()).toMatchObject({ statusCode: 400, message: INVALID });
    expect((await submit(`${tenant.school.id}.forged-token-0123456789`)).json().message).toBe(INVALID);
    expect((await submit('nonsense')).json().message).toBe(INVALID);
  });

  it('limits failed submissions per IP address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await submit('forged', validFields(), pdfFile(), ip)).statusCode).toBe(400);
    const limited = await submit(await tokenFor(await freshCode()), validFields(), pdfFile(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
  });

  it('lets exactly one of two parallel submissions of the same code win', async () => {
    const code = await freshCode();
    const [first, second] = [await tokenFor(code), await tokenFor(code)];
    const before = await counts();
    const answers = await Promise.all([submit(first, validFields({ name: 'First Racer' })), submit(second, validFields({ name: 'Second Racer' }))]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json().message).toBe(INVALID);
    const after = await counts();
    expect(after.applications).toBe(before.applications + 1);
    expect(after.uploads).toBe(before.uploads + 1);
    expect(after.usedCodes).toBe(before.usedCodes + 1);
  });
});

describe('reading applications', () => {
  it('lists applications with filters and shows one in full, with its birth certificate to staff only', async () => {
    const row = await apply({ name: 'Filter Target Okafor', class: 'SSS 1' });
    const list = await admin.get('/api/admissions/applications?status=Pending&classLevel=SSS%201&paymentStatus=InComplete&search=target');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: row.id,
        registrationNo: row.registrationNo,
        name: 'Filter Target Okafor',
        classLevel: 'SSS 1',
        paymentStatus: 'InComplete',
        status: 'Pending',
        className: null,
      }),
    ]);
    expect((await admin.get('/api/admissions/applications?paymentStatus=Complete&search=target')).json().items).toEqual([]);

    const res = await admin.get(`/api/admissions/applications/${row.id}`);
    expect(res.statusCode).toBe(200);
    const { application } = res.json();
    expect(application.guardian).toEqual({
      name: null,
      email: 'mrs.bello@mail.ng',
      phone: '08021234567',
      address: '7 Ahmadu Bello Way, Kaduna',
      relationship: 'mother',
    });
    expect(application.ward).toMatchObject({ name: 'Filter Target Okafor', dateOfBirth: '2014-09-12', phone: '08121234567', email: null });
    expect(application.education).toEqual({
      prevEducation: 'Primary school leaving certificate',
      institution: 'Sunshine Primary School',
      institutionAddress: '2 Market Road, Kaduna',
      attendedClasses: 'Primary 6',
      contactName: 'Mr. Musa',
      contactPhone: '07031234567',
    });
    const file = await admin.get(application.birthCertificate.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const parent = await signedIn(tenant.users.parent.email);
    expect((await parent.get(application.birthCertificate.url)).statusCode).toBe(404);
    expect((await otherAdmin.get(application.birthCertificate.url)).statusCode).toBe(404);

    const summary = (await admin.get('/api/admissions/applications/summary')).json().counts;
    expect(summary.Pending).toBeGreaterThan(0);
  });

  it('answers 401, 403 and 404 across schools', async () => {
    const row = await apply();
    expect((await new TestClient(app).get(`/api/admissions/applications/${row.id}`)).statusCode).toBe(401);
    const teacher = await signedIn(tenant.users.teacher.email);
    expect((await teacher.get('/api/admissions/applications')).statusCode).toBe(403);
    expect((await decide(teacher, { ids: [row.id], decision: 'reject' })).statusCode).toBe(403);
    expect((await otherAdmin.get(`/api/admissions/applications/${row.id}`)).statusCode).toBe(404);
    expect((await otherAdmin.get('/api/admissions/applications')).json().items.some((i: { id: string }) => i.id === row.id)).toBe(false);
    expect((await decide(otherAdmin, { ids: [row.id], decision: 'reject' })).statusCode).toBe(404);
    expect((await otherAdmin.get(`/api/admissions/applications/${row.id}/letter.pdf`)).statusCode).toBe(404);
    const [still] = await app.db.select().from(admissionApplications).where(eq(admissionApplications.id, row.id));
    expect(still.status).toBe('Pending');
  });
});

describe('decisions', () => {
  it('accepts an applicant: student, parent account with invitation, enrolment in the arm with the fewest students', async () => {
    const row = await apply({ email: 'new.parent@mail.ng', guardianName: 'Mr Tunde Bakare', name: 'Kemi Ada Bakare', wardEmail: 'kemi.bakare@mail.ng' });
    const res = await decide(admin, { ids: [row.id], decision: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json().results;
    expect(result).toMatchObject({ id: row.id, ok: true, status: 'Accepted', registrationNo: row.registrationNo, className: 'JSS 1 B' });
    expect(result.notes).toEqual(['Parent invitation sent to new.parent@mail.ng.', 'Student invitation sent to kemi.bakare@mail.ng.']);

    const [student] = await app.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, tenant.school.id), eq(students.registrationNo, row.registrationNo)));
    expect(student).toMatchObject({
      firstName: 'Kemi',
      middleName: 'Ada',
      lastName: 'Bakare',
      gender: 'female',
      dateOfBirth: '2014-09-12',
      stateOfOrigin: 'Kaduna',
    });
    const [enrolment] = await app.db.select().from(enrolments).where(eq(enrolments.studentId, student.id));
    expect(enrolment).toMatchObject({ classId: jss1b, academicSessionId: tenant.session.id });
    const [parentUser] = await app.db.select().from(users).where(eq(users.email, 'new.parent@mail.ng'));
    expect(parentUser).toMatchObject({ role: 'parent', status: 'invited', schoolId: tenant.school.id, name: 'Mr Tunde Bakare' });
    const [studentUser] = await app.db.select().from(users).where(eq(users.email, 'kemi.bakare@mail.ng'));
    expect(studentUser).toMatchObject({ role: 'student', status: 'invited' });
    expect(student.userId).toBe(studentUser.id);
    const [link] = await app.db
      .select({ guardian: guardians })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(eq(studentGuardians.studentId, student.id));
    expect(link.guardian).toMatchObject({ userId: parentUser.id, relationship: 'mother', email: 'new.parent@mail.ng' });
    const invitation = (await admin.get('/api/dev/outbox?to=new.parent@mail.ng')).json().items[0];
    expect(invitation.body).toMatch(/invitation code is: \d{8}/);

    const detail = (await admin.get(`/api/admissions/applications/${row.id}`)).json().application;
    expect(detail).toMatchObject({ status: 'Accepted', className: 'JSS 1 B', studentId: student.id, sessionName: '2023/24' });
    const actions = (await app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.schoolId, tenant.school.id))).map((r) => r.action);
    expect(actions).toContain('admissions.application_accepted');
    expect(actions).toContain('students.admitted');
  });

  it('links a second child to the same parent account, and records a guardian without login when the email is another kind of account', async () => {
    const first = await apply({ email: 'shared.parent@mail.ng', name: 'Uche Eze' });
    const second = await apply({ email: 'Shared.Parent@mail.ng', name: 'Nneka Eze' });
    const res = await decide(admin, { ids: [first.id, second.id], decision: 'accept', classId: jss1a });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ succeeded: 2, failed: 0 });
    expect(res.json().results[1].notes).toEqual(['Linked to the existing parent account of shared.parent@mail.ng.']);
    const parents = await app.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, 'shared.parent@mail.ng'));
    expect(parents).toHaveLength(1);
    const links = await app.db
      .select({ guardianId: studentGuardians.guardianId })
      .from(studentGuardians)
      .innerJoin(students, eq(students.id, studentGuardians.studentId))
      .where(sql`${students.registrationNo} in (${first.registrationNo}, ${second.registrationNo})`);
    expect(links).toHaveLength(2);
    expect(links[0].guardianId).toBe(links[1].guardianId);
    const invitations = (await admin.get('/api/dev/outbox?to=shared.parent@mail.ng'))
      .json()
      .items.filter((m: { subject: string }) => /invitation/i.test(m.subject));
    expect(invitations).toHaveLength(1);

    const teacherEmail = tenant.users.teacher.email;
    const third = await apply({ email: teacherEmail, name: 'Bola Ade' });
    const answer = await decide(admin, { ids: [third.id], decision: 'accept' });
    expect(answer.json().results[0].notes[0]).toMatch(/belongs to another account, so the guardian was recorded without a parent login/);
    const [student] = await app.db.select().from(students).where(eq(students.registrationNo, third.registrationNo));
    const [guardian] = await app.db
      .select({ guardian: guardians })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(eq(studentGuardians.studentId, student.id));
    expect(guardian.guardian.userId).toBeNull();
    const [teacher] = await app.db.select().from(users).where(eq(users.id, tenant.users.teacher.id));
    expect(teacher).toMatchObject({ role: 'teacher' });
  });

  it('answers 409 with a clear message when the level has no class, and writes nothing', async () => {
    const row = await apply({ class: 'SSS 3', email: 'nobody.yet@mail.ng' });
    const [before] = await app.db.select({ n: count() }).from(students);
    const res = await decide(admin, { ids: [row.id], decision: 'accept' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('There is no SSS 3 class in the 2023/24 session to admit this applicant into. Add one under Academics, then accept again.');
    const [after] = await app.db.select({ n: count() }).from(students);
    expect(after.n).toBe(before.n);
    expect(await app.db.select().from(users).where(eq(users.email, 'nobody.yet@mail.ng'))).toEqual([]);
    const [still] = await app.db.select().from(admissionApplications).where(eq(admissionApplications.id, row.id));
    expect(still.status).toBe('Pending');
  });

  it('rejects, archives and restores in bulk, reporting each id', async () => {
    const a = await apply();
    const b = await apply();
    const foreign = (await otherAdmin.get('/api/admissions/applications')).json().items[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    const res = await decide(admin, { ids: [a.id, b.id, foreign], decision: 'reject' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ succeeded: 2, failed: 1 });
    expect(res.json().results[2]).toEqual({ id: foreign, ok: false, statusCode: 404, message: 'Application not found' });

    const archived = await decide(admin, { ids: [a.id, b.id], decision: 'archive' });
    expect(archived.json().results.map((r: { status: string }) => r.status)).toEqual(['Archived', 'Archived']);
    const acceptArchived = await decide(admin, { ids: [a.id], decision: 'accept' });
    expect(acceptArchived.statusCode).toBe(409);
    expect(acceptArchived.json().message).toBe(`Only pending applications can be accepted; ${a.registrationNo} is Archived.`);
    const restored = await decide(admin, { ids: [a.id], decision: 'restore' });
    expect(restored.json().results[0]).toMatchObject({ ok: true, status: 'Pending' });
    const restoreAgain = await decide(admin, { ids: [a.id], decision: 'restore' });
    expect(restoreAgain.statusCode).toBe(409);

    const trail = await app.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, a.id));
    expect(trail.map((t) => t.action)).toEqual(
      expect.arrayContaining(['admissions.application_rejected', 'admissions.application_archived', 'admissions.application_restored']),
    );
    const rows = await app.db.select().from(admissionApplications).where(eq(admissionApplications.id, b.id));
    expect(rows[0].status).toBe('Archived');
  });

  it('refuses a bad decision body with field messages', async () => {
    const res = await decide(admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ids: 'Select at least one application', decision: 'Choose a decision' });
    const unknownClass = await decide(admin, { ids: [(await apply()).id], decision: 'accept', classId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownClass.statusCode).toBe(404);
    expect(unknownClass.json().message).toBe('Class not found');
  });
});

describe('admission letter', () => {
  it('gives the letter of an accepted applicant as data and as a one-page PDF, and 409 before acceptance', async () => {
    const row = await apply({ name: 'Letter Person Okoro', guardianName: 'Mrs Okoro' });
    expect((await admin.get(`/api/admissions/applications/${row.id}/letter`)).statusCode).toBe(409);
    await decide(admin, { ids: [row.id], decision: 'accept' });
    const res = await admin.get(`/api/admissions/applications/${row.id}/letter`);
    expect(res.statusCode).toBe(200);
    expect(res.json().letter).toMatchObject({
      registrationNo: row.registrationNo,
      name: 'Letter Person Okoro',
      className: 'JSS 1 B',
      sessionName: '2023/24',
      guardianName: 'Mrs Okoro',
    });
    const pdf = await admin.get(`/api/admissions/applications/${row.id}/letter.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdf.rawPayload.toString('latin1');
    expect(text).toMatch(/^%PDF-1\.\d\n/);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(await pdfPages(pdf.rawPayload)).toEqual([
      expect.arrayContaining([`Registration number: ${row.registrationNo}`, 'LETTER OF ADMISSION', 'Dear Mrs Okoro,']),
    ]);
    expect(text).toContain('/Count 1');
    // the cross-reference table points at each object
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(Number(/\/Size (\d+)/.exec(text)![1]) - 1);
    offsets.forEach((offset, index) => expect(text.startsWith(`${index + 1} 0 obj\n`, offset)).toBe(true));
  });
});

describe('classes to admit into', () => {
  it('lists the selected session’s classes with their number of students', async () => {
    const res = await admin.get('/api/admissions/classes');
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionName).toBe('2023/24');
    expect(res.json().items.map((c: { name: string }) => c.name)).toEqual(['JSS 1 A', 'JSS 1 B']);
  });
});

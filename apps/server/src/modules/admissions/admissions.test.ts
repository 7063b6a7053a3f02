import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionApplications, auditLog, serialCodeBatches, serialCodes, uploads } from '../../db/schema';
import { createStudent } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import {
  app,
  tenant,
  admin,
  otherAdmin,
  INVALID,
  YEAR,
  NEXT_YEAR_DATE,
  PDF,
  PNG,
  freshIp,
  setUp,
  tearDown,
  generate,
  codesOf,
  freshCode,
  check,
  tokenFor,
  validFields,
  pdfFile,
  submit,
  apply,
  counts,
  signedIn,
} from './admissions.test-kit';

beforeAll(setUp);
afterAll(tearDown);

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
    const [stored] = await app.db
      .select()
      .from(serialCodes)
      .where(and(eq(serialCodes.schoolId, tenant.school.id), eq(serialCodes.code, codes[0])));
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const list = await admin.get('/api/admissions/serial-code-batches');
    expect(list.json().items.find((b: { id: string }) => b.id === batch.id)).toMatchObject({ used: 0, unused: 25 });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, batch.id), eq(auditLog.action, 'admissions.serial_codes_generated')));
    expect(entry.after).toMatchObject({ quantity: 25, priceKobo: 250050 });
  });

  it('refuses bad input with the field messages and writes nothing', async () => {
    const [before] = await app.db.select({ n: count() }).from(serialCodeBatches).where(eq(serialCodeBatches.schoolId, tenant.school.id));
    const empty = await admin.post('/api/admissions/serial-code-batches', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ quantity: 'Number of codes is required', price: 'Price is required', expiresOn: 'Expiry date is required' });
    const tooMany = await generate(admin, { quantity: 1001 });
    expect(tooMany.json().errors).toEqual({ quantity: 'Number of codes must be a whole number from 1 to 1000' });
    const badPrice = await generate(admin, { price: 'free' });
    expect(badPrice.json().errors).toEqual({ price: 'Price must be an amount in naira, e.g. 2500 or 2500.50' });
    const past = await generate(admin, { expiresOn: '2020-01-01' });
    expect(past.json().errors).toEqual({ expiresOn: 'Expiry date cannot be in the past' });
    const [after] = await app.db.select({ n: count() }).from(serialCodeBatches).where(eq(serialCodeBatches.schoolId, tenant.school.id));
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
    const [usedCode] = await app.db
      .select()
      .from(serialCodes)
      .where(and(eq(serialCodes.schoolId, tenant.school.id), eq(serialCodes.id, used.serialCodeId!)));
    expect((await check(usedCode.code)).json().message).toBe(INVALID);

    const expiring = await generate(admin, { quantity: 1 });
    const [code] = await codesOf(admin, expiring.json().batch.id);
    await app.db
      .update(serialCodeBatches)
      .set({ expiresOn: '2020-01-01' })
      .where(and(eq(serialCodeBatches.schoolId, tenant.school.id), eq(serialCodeBatches.id, expiring.json().batch.id)));
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

    const [row] = await app.db
      .select()
      .from(admissionApplications)
      .where(and(eq(admissionApplications.schoolId, tenant.school.id), eq(admissionApplications.registrationNo, body.registrationNo)));
    expect(row).toMatchObject({
      status: 'Pending',
      paymentStatus: 'InComplete',
      classLevel: 'JSS 1',
      guardianEmail: 'mrs.bello@mail.ng',
      wardEmail: 'aisha.bello@mail.ng',
      dateOfBirth: '2014-09-12',
    });
    const [upload] = await app.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.schoolId, tenant.school.id), eq(uploads.id, row.birthCertificateUploadId!)));
    expect(upload).toMatchObject({ purpose: 'birth-certificate', mimeType: 'application/pdf', schoolId: tenant.school.id });
    const [usedCode] = await app.db
      .select()
      .from(serialCodes)
      .where(and(eq(serialCodes.schoolId, tenant.school.id), eq(serialCodes.code, code)));
    expect(usedCode.usedAt).not.toBeNull();
    expect(usedCode.applicationId).toBe(row.id);
    expect((await check(code)).json().message).toBe(INVALID);
    // the same token cannot be used twice
    expect((await submit(token)).json()).toMatchObject({ statusCode: 400, message: INVALID });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, row.id)));
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
    // a school part that is not an id finds no token, as a forged secret does (not a database error)
    expect((await submit('not-a-school.forged-token-0123456789')).json()).toMatchObject({ statusCode: 400, message: INVALID });
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

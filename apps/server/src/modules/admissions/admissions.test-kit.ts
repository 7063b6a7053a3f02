import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { admissionApplications, serialCodes, uploads } from '../../db/schema';
import { createClass, createEnrolment } from '../../test/factories';
import { certificatePdf } from '../../test/pdf';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

/**
 * The world the admissions tests share (admissions.test.ts, admissions.decisions.test.ts). Each file builds its
 * own with `beforeAll(setUp)` and closes it with `afterAll(tearDown)`; `setUp` sets the bindings below.
 */
export let app: FastifyInstance;
export let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
export let admin: TestClient;
export let otherAdmin: TestClient;
export let jss1a: string;
export let jss1b: string;

export const INVALID = 'This serial code is not valid';
export const YEAR = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', year: 'numeric' }).format(new Date()));
export const NEXT_YEAR_DATE = `${YEAR + 1}-07-31`;
export const PDF = await certificatePdf();
// a real 2×2 PNG: uploads are decoded, so a PNG header alone is refused
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWNQWpWmtCqNAUIBACB2BMlh+Ye5AAAAAElFTkSuQmCC',
  'base64',
);

let ipCounter = 0;
/** Each test its own address, so that the per-IP limits of one test do not reach another. */
export const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export async function setUp() {
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
}
export async function tearDown() {
  await app.close();
}

export async function generate(client: TestClient, body: Record<string, unknown> = {}) {
  return client.post('/api/admissions/serial-code-batches', { quantity: 3, price: '2500', expiresOn: NEXT_YEAR_DATE, ...body });
}

export async function codesOf(client: TestClient, batchId: string): Promise<string[]> {
  const res = await client.get(`/api/admissions/serial-code-batches/${batchId}/codes`);
  expect(res.statusCode).toBe(200);
  return res.json().codes.map((c: { code: string }) => c.code);
}

/** A fresh code of the tenant's school. */
export async function freshCode(client = admin): Promise<string> {
  const res = await generate(client, { quantity: 1 });
  expect(res.statusCode).toBe(201);
  return (await codesOf(client, res.json().batch.id))[0];
}

export function check(serialCode: unknown, ip = freshIp()) {
  return new TestClient(app).request({ method: 'POST', url: '/api/admissions/serial-codes/check', payload: { serialCode } as object, remoteAddress: ip });
}

export async function tokenFor(code: string): Promise<string> {
  const res = await check(code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

export function validFields(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
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

export const pdfFile = (): FilePart => ({ bytes: PDF, name: 'birth-certificate.pdf', type: 'application/pdf' });

export async function submit(token: string | undefined, fields = validFields(), file: FilePart = pdfFile(), ip = freshIp()) {
  const { payload, headers } = await multipart({ ...fields, token }, file);
  return new TestClient(app).request({ method: 'POST', url: '/api/admissions/applications', payload, headers, remoteAddress: ip });
}

/** Submits a valid application with a fresh code; answers its id and registration number. */
export async function apply(fields: Record<string, string | undefined> = {}) {
  const res = await submit(await tokenFor(await freshCode()), validFields(fields));
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await app.db
    .select()
    .from(admissionApplications)
    .where(and(eq(admissionApplications.schoolId, tenant.school.id), eq(admissionApplications.registrationNo, res.json().registrationNo)));
  return row;
}

export async function decide(client: TestClient, body: Record<string, unknown>) {
  return client.post('/api/admissions/applications/decisions', body);
}

export async function counts() {
  // every school of the test's database
  const schoolIds = [tenant.school.id, other.school.id];
  const [[a], [u], [c]] = await Promise.all([
    app.db.select({ n: count() }).from(admissionApplications).where(inArray(admissionApplications.schoolId, schoolIds)),
    app.db.select({ n: count() }).from(uploads).where(inArray(uploads.schoolId, schoolIds)),
    app.db
      .select({ n: count() })
      .from(serialCodes)
      .where(and(inArray(serialCodes.schoolId, schoolIds), sql`${serialCodes.usedAt} is not null`)),
  ]);
  return { applications: a.n, uploads: u.n, usedCodes: c.n };
}

export async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

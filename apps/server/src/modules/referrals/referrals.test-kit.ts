import { and, count, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { admissionApplications, referralCredits, schools, serialCodes } from '../../db/schema';
import { certificatePdf } from '../../test/pdf';
import { createClass, createEnrolment } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';
import { todayIn } from './referrals.service';

/**
 * The world the referrals tests share (referrals.test.ts, referrals.withdrawals.test.ts). Each file builds its
 * own with `beforeAll(setUp)` and closes it with `afterAll(tearDown)`; `setUp` sets the bindings below.
 */
export let app: FastifyInstance;
export let tenant: Awaited<ReturnType<typeof createTenant>>;
export let other: Awaited<ReturnType<typeof createTenant>>;
export let admin: TestClient;
export let otherAdmin: TestClient;
export let superAdmin: TestClient;
export let parent: TestClient;
export let teacher: TestClient;

const TODAY = todayIn('Africa/Lagos');
export const YEAR = Number(TODAY.slice(0, 4));
const PDF = await certificatePdf();

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let codeCounter = 0;
export const campaignCode = () => `C${++codeCounter}${Date.now().toString(36).slice(-4).toUpperCase()}`;

export async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

export function campaignBody(overrides: Record<string, unknown> = {}) {
  return {
    description: 'Bring a friend to BFA',
    date: `${YEAR - 1}-01-01`,
    endDate: `${YEAR + 1}-12-31`,
    notify: 'All classes',
    referralType: 'Everyone',
    points: '250.50',
    referralCode: campaignCode(),
    ...overrides,
  };
}

export async function createCampaign(overrides: Record<string, unknown> = {}, client = admin, query = '') {
  const res = await client.post(`/api/referrals/campaigns${query}`, campaignBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().campaign as { id: string; code: string; pointValueKobo: number; status: string };
}

export async function myCode(client: TestClient, campaignId: string) {
  const res = await client.post(`/api/me/referrals/campaigns/${campaignId}/code`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code as string;
}

// ---------------------------------------------------------------- applications (as admissions.test.ts does it)

export async function freshSerialCode(): Promise<string> {
  const res = await admin.post('/api/admissions/serial-code-batches', { quantity: 1, price: '2500', expiresOn: `${YEAR + 1}-07-31` });
  expect(res.statusCode, res.body).toBe(201);
  return (await admin.get(`/api/admissions/serial-code-batches/${res.json().batch.id}/codes`)).json().codes[0].code;
}

export async function tokenFor(code: string): Promise<string> {
  const res = await new TestClient(app).request({
    method: 'POST',
    url: '/api/admissions/serial-codes/check',
    payload: { serialCode: code },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

export async function apply(referralCode: string | undefined, token?: string) {
  const form = new FormData();
  const fields: Record<string, string | undefined> = {
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
    referralCode,
    token: token ?? (await tokenFor(await freshSerialCode())),
  };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  form.append('birthCertificate', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'birth.pdf');
  const response = new Response(form);
  return new TestClient(app).request({
    method: 'POST',
    url: '/api/admissions/applications',
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
    remoteAddress: freshIp(),
  });
}

/** Every school's id: a statement over every school's rows names them (ADR 0026). */
export async function everySchool(): Promise<string[]> {
  return (await app.db.select({ id: schools.id }).from(schools)).map((s) => s.id);
}

export async function counts() {
  const ids = await everySchool();
  const [[a], [c], [s]] = await Promise.all([
    app.db.select({ n: count() }).from(admissionApplications).where(inArray(admissionApplications.schoolId, ids)),
    app.db.select({ n: count() }).from(referralCredits).where(inArray(referralCredits.schoolId, ids)),
    app.db
      .select({ n: count() })
      .from(serialCodes)
      .where(and(inArray(serialCodes.schoolId, ids), sql`${serialCodes.usedAt} is not null`)),
  ]);
  return { applications: a.n, credits: c.n, usedCodes: s.n };
}

export async function setUp() {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  admin = await signedIn(tenant.users.admin.email);
  otherAdmin = await signedIn(other.users.admin.email);
  superAdmin = await signedIn(tenant.users.super_admin.email);
  parent = await signedIn(tenant.users.parent.email);
  teacher = await signedIn(tenant.users.teacher.email);
  // the parent's child is in JSS 1 A this session
  const klass = await createClass(app.db, tenant, { level: 'JSS 1', arm: 'A' });
  await createEnrolment(app.db, tenant, { studentId: tenant.student.id, classId: klass.id });
}
export async function tearDown() {
  await app.close();
}

import { NOT_ALLOWED_CHARACTER } from '@school/shared/validation';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices, organisations, schools, staff, uploads } from '../db/schema';
import { createTenant, createTestApp, TestClient } from '../test/test-app';

/**
 * Text PostgreSQL cannot store (NUL) or that is not valid UTF-8 (an unpaired surrogate) is refused
 * before any route runs, with a 400 naming the field, instead of failing in a query as a 500.
 */
let app: FastifyInstance;
let admin: TestClient;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  admin = new TestClient(app);
  await admin.login(tenant.users.admin.email);
});
afterAll(async () => {
  await app.close();
});

function expectRefused(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    statusCode: 400,
    error: 'Bad Request',
    message: `${field} contains a character that is not allowed`,
    errors: { [field]: NOT_ALLOWED_CHARACTER },
  });
}

/** A school table's rows in every school of the database (each school named: ADR 0026). */
const rows = async (table: typeof notices | typeof staff) => {
  const schoolIds = (await app.db.select({ id: schools.id }).from(schools)).map((s) => s.id);
  return (await app.db.select({ n: count() }).from(table).where(inArray(table.schoolId, schoolIds)))[0].n;
};
const organisationCount = async () => (await app.db.select({ n: count() }).from(organisations))[0].n;

const notice = (overrides: Record<string, unknown> = {}) => ({
  title: 'Inter-house sports',
  description: 'Sports day is on Friday.',
  date: '2024-02-10',
  audience: 'everyone',
  ...overrides,
});

const registration = (overrides: Record<string, unknown> = {}) => ({
  schoolName: 'Bright Future Academy',
  address: '12 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
  email: 'info@brightfuture.test',
  phone: '0803 123 4567',
  schoolType: 'Secondary',
  adminEmail: `owner-${Math.random().toString(36).slice(2)}@brightfuture.test`,
  adminPassword: 'proprietor-1',
  ...overrides,
});

let ip = 0;
const register = (body: object) =>
  new TestClient(app).request({ method: 'POST', url: '/api/auth/school-register', payload: body, remoteAddress: `10.9.0.${++ip}` });

describe('a NUL in the search of a list', () => {
  for (const url of ['/api/students', '/api/staff', '/api/search', '/api/finance/invoices', '/api/admissions/applications']) {
    it(`answers 400 naming the field on ${url}`, async () => {
      expectRefused(await admin.get(`${url}?search=a%00b`), 'search');
    });
  }
});

describe('a NUL or an unpaired surrogate in a JSON body', () => {
  it('answers 400 on POST /api/notices and writes nothing', async () => {
    const before = await rows(notices);
    expectRefused(await admin.post('/api/notices', notice({ title: 'Sports\u0000day' })), 'title');
    expectRefused(await admin.post('/api/notices', notice({ description: 'half a pair \uD83D' })), 'description');
    expect(await rows(notices)).toBe(before);
    expect((await admin.post('/api/notices', notice({ title: 'Sports day 🏃' }))).statusCode).toBe(201);
  });

  it('answers 400 on POST /api/auth/school-register (signed out) and writes nothing', async () => {
    const before = await organisationCount();
    expectRefused(await register(registration({ schoolName: 'Bright\u0000Future' })), 'schoolName');
    expectRefused(await register(registration({ adminName: '\uDC00Emeka' })), 'adminName');
    expect(await organisationCount()).toBe(before);
    expect((await register(registration())).statusCode).toBe(201);
  });

  it('names a nested field, and a key that holds the character', async () => {
    expectRefused(await admin.post('/api/notices', { ...notice(), extra: [{ note: 'x' }, { note: 'y\u0000' }] }), 'extra.1.note');
    expectRefused(await admin.post('/api/notices', { ...notice(), ['bad\u0000key']: 1 }), 'bad\uFFFDkey');
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** POST /api/staff as the browser sends it: multipart, with an optional photo. */
async function postStaffForm(overrides: Record<string, string>, photoName?: string) {
  const form = new FormData();
  const values = {
    name: 'Funmi Adeyemi',
    staffType: 'Gateman',
    phone: '08031234567',
    gender: 'female',
    address: '12 Allen Avenue',
    employedOn: '2019-09-02',
    ...overrides,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  if (photoName) form.append('photo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), photoName);
  const body = new Response(form);
  const headers = { 'content-type': body.headers.get('content-type')! };
  return admin.request({ method: 'POST', url: '/api/staff', payload: Buffer.from(await body.arrayBuffer()), headers });
}

describe('a NUL in a multipart form', () => {
  it('answers 400 naming the field on POST /api/staff and writes nothing', async () => {
    const before = await rows(staff);
    const res = await postStaffForm({ name: 'Funmi\u0000Adeyemi' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ name: NOT_ALLOWED_CHARACTER });
    expect(await rows(staff)).toBe(before);
  });

  it('keeps a photo whose file name holds a NUL, with U+FFFD in its place', async () => {
    const res = await postStaffForm({}, 'me\u0000.png');
    expect(res.statusCode, res.body).toBe(201);
    const [upload] = await app.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.schoolId, tenant.school.id), eq(uploads.id, res.json().staff.photoUrl.split('/').at(-1))));
    expect(upload.originalName).toBe('me\uFFFD.png');
  });
});

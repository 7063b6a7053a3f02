import fs from 'node:fs';
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { organisations, schools, staff, uploads, users } from '../../db/schema';
import { certificatePdf } from '../../test/pdf';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

/**
 * The world the staff tests share (staff.test.ts, staff.changes.test.ts). Each file builds its own with
 * `beforeAll(setUp)` and closes it with `afterAll(tearDown)`; `setUp` sets the bindings below.
 */
export let app: FastifyInstance;
export let tenant: Awaited<ReturnType<typeof createTenant>>;
export let other: Awaited<ReturnType<typeof createTenant>>;
export let admin: TestClient;
export let otherAdmin: TestClient;

// a real 2×2 PNG: uploads are decoded, so a PNG header alone is refused
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWNQWpWmtCqNAUIBACB2BMlh+Ye5AAAAAElFTkSuQmCC',
  'base64',
);
export const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAJOH/9k=',
  'base64',
);
export const PDF = await certificatePdf();

let counter = 0;
export const email = (prefix = 'staff') => `${prefix}-${++counter}-${Date.now().toString(36)}@example.test`;

export function fields(overrides: Record<string, string | undefined> = {}) {
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

export async function postStaff(client: TestClient, values: Record<string, string | undefined>, file?: Parameters<typeof multipart>[1]) {
  const { payload, headers } = await multipart(values, file);
  return client.request({ method: 'POST', url: '/api/staff', payload, headers });
}

export async function putStaff(client: TestClient, id: string, values: Record<string, string | undefined>, file?: Parameters<typeof multipart>[1]) {
  const { payload, headers } = await multipart(values, file);
  return client.request({ method: 'PUT', url: `/api/staff/${id}`, payload, headers });
}

export const del = (client: TestClient, id: string) => client.request({ method: 'DELETE', url: `/api/staff/${id}` });

export async function signedIn(emailAddress: string) {
  const client = new TestClient(app);
  await client.login(emailAddress);
  return client;
}

export function uploadFiles() {
  return fs.existsSync(app.config.uploadsDir) ? fs.readdirSync(app.config.uploadsDir).length : 0;
}

/** Rows in every school and organisation of the test database (each named: ADR 0026), and the upload files. */
export async function counts() {
  const schoolIds = (await app.db.select({ id: schools.id }).from(schools)).map((s) => s.id);
  const organisationIds = (await app.db.select({ id: organisations.id }).from(organisations)).map((o) => o.id);
  const [[s], [u], [up]] = await Promise.all([
    app.db.select({ n: count() }).from(staff).where(inArray(staff.schoolId, schoolIds)),
    app.db.select({ n: count() }).from(users).where(inArray(users.organisationId, organisationIds)),
    app.db.select({ n: count() }).from(uploads).where(inArray(uploads.schoolId, schoolIds)),
  ]);
  return { staff: s.n, users: u.n, uploads: up.n, files: uploadFiles() };
}

export async function latestMailTo(client: TestClient, to: string) {
  const res = await client.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return res.json().items[0] as { body: string; subject: string } | undefined;
}

export async function addStaff(values: Record<string, string | undefined> = {}, file?: Parameters<typeof multipart>[1]) {
  const res = await postStaff(admin, fields(values), file);
  if (res.statusCode !== 201) throw new Error(`add staff failed: ${res.statusCode} ${res.body}`);
  return res.json().staff;
}

export async function setUp() {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  admin = await signedIn(tenant.users.admin.email);
  otherAdmin = await signedIn(other.users.admin.email);
}
export async function tearDown() {
  await app.close();
}

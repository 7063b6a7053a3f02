import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import type { Role } from '@school/shared/auth/roles';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../app';
import { type Database, type Db, openDatabase } from '../db/client';
import * as schema from '../db/schema';
import { hashPassword } from '../lib/passwords';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (created from a migrated template, dropped afterwards).
 */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ databaseUrl: null });
    await database.migrate();
    return database;
  }
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export async function createTestApp(): Promise<FastifyInstance> {
  const database = await freshDatabase();
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-uploads-'));
  const app = await buildApp({ database, serveWeb: false, config: { logLevel: 'silent', exposeOutbox: true, uploadsDir } });
  app.addHook('onClose', async () => fs.rmSync(uploadsDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

export const TEST_PASSWORD = 'correct-horse-9';
let passwordHash: Promise<string> | null = null;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${randomBytes(3).toString('hex')}`;

/** Factories: an organisation with a school and one user of each role. */
export async function createOrganisation(db: Db, opts: { name?: string } = {}) {
  const [organisation] = await db.insert(schema.organisations).values({ name: opts.name ?? unique('Org') }).returning();
  await db.insert(schema.permissionMatrices).values({ organisationId: organisation.id, matrix: DEFAULT_PERMISSION_MATRIX });
  return organisation;
}

export async function createSchool(db: Db, organisationId: string, opts: { name?: string } = {}) {
  const [school] = await db
    .insert(schema.schools)
    .values({ organisationId, name: opts.name ?? unique('School'), code: unique('S').slice(0, 8) })
    .returning();
  const [session] = await db.insert(schema.academicSessions).values({ schoolId: school.id, name: '2023/24', status: 'Active' }).returning();
  await db.insert(schema.academicSessions).values({ schoolId: school.id, name: '2022/23', status: 'Inactive' });
  await db.insert(schema.terms).values([
    { schoolId: school.id, academicSessionId: session.id, name: 'First', startDate: '2023-09-11', endDate: '2023-12-15' },
    { schoolId: school.id, academicSessionId: session.id, name: 'Second', startDate: '2024-01-08', endDate: '2024-04-05', isCurrent: true },
    { schoolId: school.id, academicSessionId: session.id, name: 'Third', startDate: '2024-04-29', endDate: '2024-07-26' },
  ]);
  return { school, session };
}

export async function createUser(
  db: Db,
  opts: { organisationId: string; schoolId: string | null; role: Role; email?: string; name?: string; status?: string },
) {
  const [user] = await db
    .insert(schema.users)
    .values({
      organisationId: opts.organisationId,
      schoolId: opts.role === 'super_admin' ? null : opts.schoolId,
      role: opts.role,
      email: opts.email ?? `${unique(opts.role)}@example.test`,
      name: opts.name ?? `Test ${opts.role}`,
      passwordHash: await testPasswordHash(),
      status: opts.status ?? 'active',
    })
    .returning();
  return user;
}

/** One organisation, one school, a user of every role (the student and parent linked). */
export async function createTenant(db: Db) {
  const organisation = await createOrganisation(db);
  const { school, session } = await createSchool(db, organisation.id);
  const users = {} as Record<Role, typeof schema.users.$inferSelect>;
  for (const role of ['super_admin', 'admin', 'teacher', 'student', 'parent'] as const) {
    users[role] = await createUser(db, { organisationId: organisation.id, schoolId: school.id, role });
  }
  const [student] = await db
    .insert(schema.students)
    .values({ schoolId: school.id, userId: users.student.id, registrationNo: unique('REG'), firstName: 'Ada', lastName: 'Obi', gender: 'female' })
    .returning();
  const [guardian] = await db
    .insert(schema.guardians)
    .values({ schoolId: school.id, userId: users.parent.id, name: 'Mrs Obi', relationship: 'mother' })
    .returning();
  await db.insert(schema.studentGuardians).values({ schoolId: school.id, studentId: student.id, guardianId: guardian.id });
  return { organisation, school, session, users, student, guardian };
}

/** A cookie jar over app.inject that does what the browser does: cookies and the CSRF header. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private app: FastifyInstance) {}

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && !this.cookies.has('csrf_token')) await this.request({ method: 'GET', url: '/api/auth/csrf' });
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET' && this.cookies.has('csrf_token') && headers['x-csrf-token'] === undefined) headers['x-csrf-token'] = this.cookies.get('csrf_token')!;
    const res = await this.app.inject({ ...opts, method: method as InjectOptions['method'], headers });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as any, headers });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as any });
  }
  cookie(name: string) {
    return this.cookies.get(name);
  }
  async login(email: string, password = TEST_PASSWORD) {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().user;
  }
}

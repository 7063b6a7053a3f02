import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { createTenant, createTestApp, TestClient } from '../test/test-app';

/** Findings 2 and 3 of the authorization review (issue 15); finding 1 is in finance.test.ts. */
let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
const clients = new Map<string, TestClient>();

async function as(role: keyof typeof tenant.users) {
  let client = clients.get(role);
  if (!client) {
    client = new TestClient(app);
    await client.login(tenant.users[role].email);
    clients.set(role, client);
  }
  return client;
}

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
});
afterAll(async () => {
  await app?.close();
});

describe('the organisation overview', () => {
  it('is the owner’s and the administrator’s: teachers, students and parents are refused the fee totals and counts', async () => {
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const res = await (await as(role)).get('/api/organisation/overview');
      expect(res.statusCode, role).toBe(403);
      expect(res.body).not.toContain('totals');
    }
    expect((await (await as('super_admin')).get('/api/organisation/overview')).statusCode).toBe(200);
    const admin = await (await as('admin')).get('/api/organisation/overview');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().schools.map((s: { id: string }) => s.id)).toEqual([tenant.school.id]);
  });
});

describe('an applicant’s birth certificate', () => {
  it('opens for the admissions office only: a teacher without admissions permission gets 404', async () => {
    const storageKey = `${randomUUID()}.pdf`;
    fs.mkdirSync(app.config.uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(app.config.uploadsDir, storageKey), '%PDF-1.4 a certificate');
    const [file] = await app.db
      .insert(schema.uploads)
      .values({
        organisationId: tenant.organisation.id,
        schoolId: tenant.school.id,
        purpose: 'birth-certificate',
        storageKey,
        originalName: 'birth.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 10,
      })
      .returning();
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const res = await (await as(role)).get(`/api/uploads/${file.id}`);
      expect(res.statusCode, role).toBe(404);
      expect(res.json().message).toBe('File not found');
    }
    const admin = await (await as('admin')).get(`/api/uploads/${file.id}`);
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toBe('%PDF-1.4 a certificate');
  });
});

import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveUpload, sniffKind } from '../../lib/uploads';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
});
afterAll(async () => {
  await app.close();
});

const base = () => ({ field: 'photo', originalName: 'me.png', purpose: 'staff-photo', allowed: ['png', 'jpeg'] as const, maxBytes: 2 * 1024 * 1024, label: 'Photo', organisationId: tenant.organisation.id, schoolId: tenant.school.id, uploadedByUserId: tenant.users.admin.id });

describe('uploads', () => {
  it('recognises files by content, not by name', () => {
    expect(sniffKind(PNG)).toBe('png');
    expect(sniffKind(PDF)).toBe('pdf');
    expect(sniffKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffKind(Buffer.from('hello'))).toBeNull();
  });

  it('refuses a PDF named .png, an empty file and an oversize one, writing nothing', async () => {
    const before = fs.existsSync(app.config.uploadsDir) ? fs.readdirSync(app.config.uploadsDir).length : 0;
    await expect(saveUpload(app, app.db, { ...base(), allowed: ['png', 'jpeg'], bytes: PDF })).rejects.toMatchObject({ statusCode: 400, message: 'Photo must be a PNG or JPEG file' });
    await expect(saveUpload(app, app.db, { ...base(), allowed: ['png', 'jpeg'], bytes: Buffer.alloc(0) })).rejects.toMatchObject({ statusCode: 400, message: 'Photo is empty' });
    await expect(saveUpload(app, app.db, { ...base(), allowed: ['png', 'jpeg'], bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) })).rejects.toMatchObject({ statusCode: 400, message: 'Photo must be at most 2 MB' });
    const after = fs.existsSync(app.config.uploadsDir) ? fs.readdirSync(app.config.uploadsDir).length : 0;
    expect(after).toBe(before);
  });

  it('serves a file to its school only, under a random name; another school gets 404', async () => {
    const row = await saveUpload(app, app.db, { ...base(), allowed: ['png', 'jpeg'], bytes: PNG });
    expect(row.storageKey).not.toContain('me');
    const own = new TestClient(app);
    await own.login(tenant.users.teacher.email);
    const res = await own.get(`/api/uploads/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);

    const stranger = new TestClient(app);
    await stranger.login(other.users.admin.email);
    expect((await stranger.get(`/api/uploads/${row.id}`)).statusCode).toBe(404);
    expect((await new TestClient(app).get(`/api/uploads/${row.id}`)).statusCode).toBe(401);
  });

  it('keeps staff-only files from students and parents', async () => {
    const row = await saveUpload(app, app.db, { ...base(), purpose: 'birth-certificate', allowed: ['pdf'], bytes: PDF, field: 'birthCertificate', label: 'Birth certificate' });
    const parent = new TestClient(app);
    await parent.login(tenant.users.parent.email);
    expect((await parent.get(`/api/uploads/${row.id}`)).statusCode).toBe(404);
    const admin = new TestClient(app);
    await admin.login(tenant.users.admin.email);
    expect((await admin.get(`/api/uploads/${row.id}`)).statusCode).toBe(200);
  });
});

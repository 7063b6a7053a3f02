import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileKind, saveUpload, sniffKind, uploadPath } from '../../lib/uploads';
import { certificatePdf } from '../../test/pdf';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let PNG: Buffer;
let JPEG: Buffer;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SCRIPT = Buffer.from('<html><script>alert(document.cookie)</script></html>');
const PDF = await certificatePdf();

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  const canvas = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#2a6' } });
  PNG = await canvas().png().toBuffer();
  // a phone photo with a GPS position in its EXIF
  JPEG = await canvas().jpeg().withExif({ IFD0: { Copyright: 'Uploader' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' } }).toBuffer();
});
afterAll(async () => {
  await app.close();
});

const base = () => ({ field: 'photo', originalName: 'me.png', purpose: 'staff-photo', allowed: ['png', 'jpeg'] as FileKind[], maxBytes: 2 * 1024 * 1024, label: 'Photo', organisationId: tenant.organisation.id, schoolId: tenant.school.id, uploadedByUserId: tenant.users.admin.id });
const certificate = () => ({ ...base(), field: 'birthCertificate', label: 'Birth certificate', purpose: 'birth-certificate', originalName: 'birth.pdf', allowed: ['pdf', 'jpeg', 'png'] as FileKind[] });
const fileCount = () => (fs.existsSync(app.config.uploadsDir) ? fs.readdirSync(app.config.uploadsDir).length : 0);
const stored = (row: { storageKey: string }) => fs.readFileSync(uploadPath(app, row.storageKey));

/** A one-page PDF made by pdf-lib, changed by `edit` before it is saved. */
async function pdfWith(edit: (doc: PDFDocument) => unknown): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  await edit(doc);
  return Buffer.from(await doc.save());
}

describe('uploads', () => {
  it('routes files to a parser by their first bytes, not by name', () => {
    expect(sniffKind(PNG)).toBe('png');
    expect(sniffKind(PDF)).toBe('pdf');
    expect(sniffKind(JPEG)).toBe('jpeg');
    expect(sniffKind(Buffer.from('hello'))).toBeNull();
  });

  it('refuses a PDF named .png, an empty file and an oversize one, writing nothing', async () => {
    const before = fileCount();
    await expect(saveUpload(app, app.db, { ...base(), bytes: PDF })).rejects.toMatchObject({ statusCode: 400, message: 'Photo must be a PNG or JPEG file' });
    await expect(saveUpload(app, app.db, { ...base(), bytes: Buffer.alloc(0) })).rejects.toMatchObject({ statusCode: 400, message: 'Photo is empty' });
    await expect(saveUpload(app, app.db, { ...base(), bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) })).rejects.toMatchObject({ statusCode: 400, message: 'Photo must be at most 2 MB' });
    expect(fileCount()).toBe(before);
  });

  it('refuses bytes that only start like a PNG, JPEG, PDF or DOCX, writing nothing', async () => {
    const before = fileCount();
    const photo = { statusCode: 400, message: 'Photo must be a PNG or JPEG file', errors: { photo: 'Photo must be a PNG or JPEG file' } };
    await expect(saveUpload(app, app.db, { ...base(), bytes: Buffer.concat([PNG_SIGNATURE, SCRIPT]) })).rejects.toMatchObject(photo);
    await expect(saveUpload(app, app.db, { ...base(), bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), SCRIPT]) })).rejects.toMatchObject(photo);
    const pdf = { statusCode: 400, message: 'Birth certificate must be a PDF, JPEG or PNG file', errors: { birthCertificate: 'Birth certificate must be a PDF, JPEG or PNG file' } };
    await expect(saveUpload(app, app.db, { ...certificate(), bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), SCRIPT]) })).rejects.toMatchObject(pdf);
    const fakeDocx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('word/document.xml'), SCRIPT]);
    await expect(saveUpload(app, app.db, { ...base(), allowed: ['pdf', 'docx'], field: 'attachment', label: 'Attachment', bytes: fakeDocx })).rejects.toMatchObject({ statusCode: 400, message: 'Attachment must be a PDF or DOCX file' });
    expect(fileCount()).toBe(before);
  });

  it('stores images re-encoded: no bytes after the image, no EXIF', async () => {
    const png = await saveUpload(app, app.db, { ...base(), bytes: Buffer.concat([PNG, SCRIPT]) });
    expect(stored(png).includes('<script')).toBe(false);
    expect(await sharp(stored(png)).metadata()).toMatchObject({ format: 'png', width: 4, height: 3 });
    expect(png).toMatchObject({ mimeType: 'image/png', sizeBytes: stored(png).length });

    expect((await sharp(JPEG).metadata()).exif).toBeDefined();
    const jpeg = await saveUpload(app, app.db, { ...base(), originalName: 'me.jpg', bytes: JPEG });
    const meta = await sharp(stored(jpeg)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 4, height: 3 });
    expect(meta.exif).toBeUndefined();
    expect(jpeg.mimeType).toBe('image/jpeg');
  });

  it('keeps a real PDF and a real DOCX as they were sent', async () => {
    const pdf = await saveUpload(app, app.db, { ...certificate(), bytes: PDF });
    expect(stored(pdf).equals(PDF)).toBe(true);
    expect(pdf).toMatchObject({ mimeType: 'application/pdf', sizeBytes: PDF.length });
    const docx = Buffer.from(zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>') }));
    const row = await saveUpload(app, app.db, { ...base(), allowed: ['pdf', 'docx'], field: 'attachment', label: 'Attachment', originalName: 'plan.docx', bytes: docx });
    expect(stored(row).equals(docx)).toBe(true);
  });

  const activePdfs: Array<[string, () => Promise<Buffer>]> = [
    ['document JavaScript', () => pdfWith((doc) => doc.addJavaScript('greet', 'app.alert(1)'))],
    ['an /OpenAction running JavaScript', () => pdfWith((doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') })))],
    ['a /Launch action on a page event (/AA)', () => pdfWith((doc) => doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: { S: 'Launch', F: PDFString.of('calc.exe') } })))],
    ['an embedded file', () => pdfWith((doc) => doc.attach(Buffer.from('hello'), 'hello.txt', { mimeType: 'text/plain' }))],
    // the names spelt with lower-case #xx escapes (/#4aS is /JS), as a viewer still reads them
    ['escaped names', async () => Buffer.from(PDF.toString('latin1').replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /#4aavaScript /#4aS (app.alert(1)) >>'), 'latin1')],
  ];
  it.each(activePdfs)('refuses a PDF carrying %s, writing nothing', async (_, make) => {
    const bytes = await make();
    const before = fileCount();
    const message = 'Birth certificate must be a PDF without scripts, actions or attached files';
    await expect(saveUpload(app, app.db, { ...certificate(), bytes })).rejects.toMatchObject({ statusCode: 400, message, errors: { birthCertificate: message } });
    expect(fileCount()).toBe(before);
  });

  it('serves a file to its school only, as a download of the checked kind; another school gets 404', async () => {
    const row = await saveUpload(app, app.db, { ...base(), originalName: 'me.html', bytes: PNG });
    expect(row.storageKey).not.toContain('me');
    const own = new TestClient(app);
    await own.login(tenant.users.teacher.email);
    const res = await own.get(`/api/uploads/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'content-disposition': 'attachment; filename="me.png"', 'x-content-type-options': 'nosniff' });
    expect(res.rawPayload.equals(stored(row))).toBe(true);

    const stranger = new TestClient(app);
    await stranger.login(other.users.admin.email);
    expect((await stranger.get(`/api/uploads/${row.id}`)).statusCode).toBe(404);
    expect((await new TestClient(app).get(`/api/uploads/${row.id}`)).statusCode).toBe(401);
  });

  it('keeps staff-only files from students and parents', async () => {
    const row = await saveUpload(app, app.db, { ...certificate(), bytes: PDF });
    const parent = new TestClient(app);
    await parent.login(tenant.users.parent.email);
    expect((await parent.get(`/api/uploads/${row.id}`)).statusCode).toBe(404);
    const admin = new TestClient(app);
    await admin.login(tenant.users.admin.email);
    const res = await admin.get(`/api/uploads/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="birth.pdf"', 'x-content-type-options': 'nosniff' });
  });
});

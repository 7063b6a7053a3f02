import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { uploadPath } from '../../lib/uploads';
import {
  createClass,
  createClassSubject,
  createEnrolment,
  createGuardian,
  createStudent,
  createSubject,
  createUser,
  termOf,
  type Tenant,
} from '../../test/factories';
import { certificatePdf, pdfPages } from '../../test/pdf';
import { reportCardPage } from './report-card.pdf';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';
import { runningJobs } from './report-cards.service';

/*
 * The school's logo and the students' passport photos (issue 18): uploaded by administrators, read by
 * whoever may see the school's cards or the student, printed in the header of the card and its PDFs,
 * where each picture is stored once per file however many pages draw it.
 */
let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};
async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}

let LOGO: Buffer;
let PHOTO: Buffer;
const PDF = await certificatePdf();

/** A multipart/form-data body with one file, as the browser sends it. */
async function multipart(field: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}
async function putFile(client: TestClient, url: string, field: string, bytes: Buffer, name = 'picture.png', type = 'image/png') {
  return client.request({ method: 'PUT', url, ...(await multipart(field, bytes, name, type)) });
}
const uploadLogo = (client: TestClient, schoolId: string, bytes = LOGO) => putFile(client, `/api/organisation/schools/${schoolId}/logo`, 'logo', bytes);
const uploadPhoto = (client: TestClient, studentId: string, bytes = PHOTO) =>
  putFile(client, `/api/students/${studentId}/photo`, 'photo', bytes, 'me.jpg', 'image/jpeg');
const idOf = (url: string) => url.split('/').pop()!;
const imageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;

async function storedFile(uploadId: string) {
  const [row] = await app.db
    .select()
    .from(schema.uploads)
    .where(and(eq(schema.uploads.schoolId, t.school.id), eq(schema.uploads.id, uploadId)));
  return row ? uploadPath(app, row.storageKey) : null;
}

async function auditActions(entityId: string) {
  const rows = await app.db
    .select({ action: schema.auditLog.action })
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entityId, entityId)))
    .orderBy(schema.auditLog.createdAt);
  return rows.map((r) => r.action);
}

/** The objects whose cross-reference entry does not point at them (none in a sound file). */
function xrefMismatches(pdf: Buffer): number[] {
  const text = pdf.toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const [, header, ...lines] = text.slice(start).split('\n');
  const size = Number(header.split(' ')[1]);
  const bad: number[] = [];
  for (let n = 1; n < size; n++) if (!text.startsWith(`${n} 0 obj\n`, Number(lines[n].slice(0, 10)))) bad.push(n);
  return bad;
}

/** Polls a class or school job until it is done; answers the PDF. */
async function jobPdf(client: TestClient, kind: 'class-jobs' | 'school-jobs', body: Record<string, string>) {
  let job = (await client.post(`/api/report-cards/${kind}`, body)).json();
  for (let i = 0; i < 200 && job.status === 'running'; i++) {
    await new Promise((r) => setTimeout(r, 25));
    job = (await client.get(`/api/report-cards/${kind}/${job.id}`)).json();
  }
  expect(job.status).toBe('done');
  return (await client.get(`/api/report-cards/${kind}/${job.id}/report-cards.pdf`)).rawPayload;
}

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  // a wide logo with a transparent background, and a tall phone photo
  LOGO = await sharp({ create: { width: 480, height: 240, channels: 4, background: { r: 20, g: 90, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();
  PHOTO = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#a86' } })
    .jpeg()
    .toBuffer();
  const jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A' });
  const jss2a = await createClass(app.db, t, { level: 'JSS 2', arm: 'A' });
  const maths = await createSubject(app.db, t, { name: 'Mathematics' });
  for (const c of [jss1a, jss2a]) await createClassSubject(app.db, t, { classId: c.id, subjectId: maths.id });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });
  const bisi = await createStudent(app.db, t, { firstName: 'Bisi', lastName: 'Adebayo', classId: jss1a.id });
  const chike = await createStudent(app.db, t, { firstName: 'Chike', lastName: 'Nwosu', classId: jss1a.id });
  const dayo = await createStudent(app.db, t, { firstName: 'Dayo', lastName: 'Okafor', classId: jss2a.id });
  const second = await termOf(app.db, t, 'Second');
  for (const studentId of [t.student.id, bisi.id, chike.id, dayo.id]) {
    await app.db
      .insert(schema.scores)
      .values({ schoolId: t.school.id, studentId, subjectId: maths.id, termId: second.id, test1: 10, test2: 10, assignment: 8, exam: 40 });
  }
  // another family of the same school: Dayo's father
  const father = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'parent' });
  await createGuardian(app.db, t, { userId: father.id, name: 'Mr Okafor', relationship: 'father', studentId: dayo.id });
  Object.assign(ids, { jss1a: jss1a.id, second: second.id, bisi: bisi.id, chike: chike.id, dayo: dayo.id, fatherEmail: father.email });
});
afterAll(async () => {
  await Promise.all([...runningJobs]);
  await app.close();
});

describe("the school's logo", () => {
  it('is uploaded by its administrator, replaced (the old upload deleted) and removed, audited', async () => {
    const admin = await as(t.users.admin.email);
    const url = `/api/organisation/schools/${t.school.id}/logo`;
    expect((await admin.get(url)).json()).toEqual({ logoUrl: null });

    const first = await uploadLogo(admin, t.school.id);
    expect(first.statusCode).toBe(200);
    const firstId = idOf(first.json().logoUrl);
    expect(first.json().logoUrl).toBe(`/api/uploads/${firstId}`);
    const firstFile = (await storedFile(firstId))!;
    expect(fs.existsSync(firstFile)).toBe(true);

    const second = await uploadLogo(admin, t.school.id);
    const secondId = idOf(second.json().logoUrl);
    expect(secondId).not.toBe(firstId);
    expect(await storedFile(firstId)).toBeNull();
    expect(fs.existsSync(firstFile)).toBe(false);
    expect((await admin.get(url)).json()).toEqual({ logoUrl: `/api/uploads/${secondId}` });

    const removed = await admin.request({ method: 'DELETE', url });
    expect(removed.json()).toEqual({ logoUrl: null });
    expect(await storedFile(secondId)).toBeNull();
    expect(await auditActions(t.school.id)).toEqual(['school.logo_changed', 'school.logo_changed', 'school.logo_removed']);
  });

  it('refuses a file that is not a PNG or JPEG with a 400, changing nothing', async () => {
    const admin = await as(t.users.admin.email);
    const before = (await admin.get(`/api/organisation/schools/${t.school.id}/logo`)).json();
    const res = await uploadLogo(admin, t.school.id, PDF);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Logo must be a PNG or JPEG file', errors: { logo: 'Logo must be a PNG or JPEG file' } });
    const empty = await admin.request({ method: 'PUT', url: `/api/organisation/schools/${t.school.id}/logo`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose a logo to upload');
    expect((await admin.get(`/api/organisation/schools/${t.school.id}/logo`)).json()).toEqual(before);
  });

  it("is the owner's for each school of the organisation; teachers are refused, another school's answers 404", async () => {
    const owner = await as(t.users.super_admin.email);
    expect((await uploadLogo(owner, t.school.id)).statusCode).toBe(200);
    expect((await uploadLogo(await as(t.users.teacher.email), t.school.id)).statusCode).toBe(403);
    expect((await uploadLogo(await as(t.users.parent.email), t.school.id)).statusCode).toBe(403);
    expect((await uploadLogo(await as(other.users.admin.email), t.school.id)).statusCode).toBe(404);
    expect((await uploadLogo(await as(t.users.admin.email), other.school.id)).statusCode).toBe(404);
    expect((await (await as(other.users.super_admin.email)).get(`/api/organisation/schools/${t.school.id}/logo`)).statusCode).toBe(404);
  });

  it('opens to everyone of the school, students and parents included, and to no one of another school', async () => {
    const { logoUrl } = (await (await as(t.users.admin.email)).get(`/api/organisation/schools/${t.school.id}/logo`)).json();
    for (const email of [t.users.student.email, t.users.parent.email, t.users.teacher.email, ids.fatherEmail]) {
      const res = await (await as(email)).get(logoUrl);
      expect(res.statusCode, email).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    expect((await (await as(other.users.parent.email)).get(logoUrl)).statusCode).toBe(404);
  });
});

describe("a student's passport photo", () => {
  it('is uploaded on the student’s record by an administrator, replaced and removed, audited', async () => {
    const admin = await as(t.users.admin.email);
    const res = await uploadPhoto(admin, ids.chike);
    expect(res.statusCode).toBe(200);
    const firstId = idOf(res.json().student.photoUrl);
    expect((await admin.get(`/api/students/${ids.chike}`)).json().student.photoUrl).toBe(`/api/uploads/${firstId}`);
    const replaced = await uploadPhoto(admin, ids.chike);
    expect(await storedFile(firstId)).toBeNull();
    expect(idOf(replaced.json().student.photoUrl)).not.toBe(firstId);
    const removed = await admin.request({ method: 'DELETE', url: `/api/students/${ids.chike}/photo` });
    expect(removed.json().student.photoUrl).toBeNull();
    expect(await auditActions(ids.chike)).toEqual(['student.photo_changed', 'student.photo_changed', 'student.photo_removed']);
  });

  it('refuses a non-image with a 400, teachers with a 403, and another school’s student with a 404', async () => {
    const admin = await as(t.users.admin.email);
    const bad = await putFile(admin, `/api/students/${ids.bisi}/photo`, 'photo', Buffer.from('<html>not a photo</html>'), 'me.png', 'image/png');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Photo must be a PNG or JPEG file', errors: { photo: 'Photo must be a PNG or JPEG file' } });
    expect((await admin.get(`/api/students/${ids.bisi}`)).json().student.photoUrl).toBeNull();
    expect((await uploadPhoto(await as(t.users.teacher.email), ids.bisi)).statusCode).toBe(403);
    expect((await uploadPhoto(await as(other.users.admin.email), ids.bisi)).statusCode).toBe(404);
  });

  it('opens to the student, their parents and the school’s administrators; a parent of another family gets 404', async () => {
    const { student } = (await uploadPhoto(await as(t.users.admin.email), t.student.id)).json();
    const url = student.photoUrl as string;
    for (const email of [t.users.student.email, t.users.parent.email, t.users.admin.email, t.users.super_admin.email]) {
      expect((await (await as(email)).get(url)).statusCode, email).toBe(200);
    }
    // Dayo's father, a teacher who does not teach Ada, another school
    expect((await (await as(ids.fatherEmail)).get(url)).statusCode).toBe(404);
    expect((await (await as(t.users.teacher.email)).get(url)).statusCode).toBe(404);
    expect((await (await as(other.users.parent.email)).get(url)).statusCode).toBe(404);
  });
});

describe('the pictures on the report card', () => {
  it('gives the card API their URLs, and prints each once per PDF: one card, a class and the whole school', async () => {
    const admin = await as(t.users.admin.email);
    const logo = (await uploadLogo(admin, t.school.id)).json().logoUrl;
    const photo = (await admin.get(`/api/students/${t.student.id}`)).json().student.photoUrl;
    const bisiPhoto = (await uploadPhoto(admin, ids.bisi)).json().student.photoUrl;
    await uploadPhoto(admin, ids.dayo);
    const card = (await admin.get(`/api/report-cards/${t.student.id}?termId=${ids.second}`)).json();
    expect(card.school.logoUrl).toBe(logo);
    expect(card.student.photoUrl).toBe(photo);
    const chike = (await admin.get(`/api/report-cards/${ids.chike}?termId=${ids.second}`)).json();
    expect(chike.student.photoUrl).toBeNull();
    expect(bisiPhoto).toMatch(/^\/api\/uploads\//);

    const one = await admin.get(`/api/report-cards/${t.student.id}/report-card.pdf?termId=${ids.second}`);
    expect(one.statusCode).toBe(200);
    expect(imageCount(one.rawPayload)).toBe(2);
    // made small for print: no side over 200 pixels
    const widths = [...one.rawPayload.toString('latin1').matchAll(/\/Width (\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...widths)).toBeLessThanOrEqual(200);

    // JSS 1 A: Ada and Bisi with photos, Chike without: the logo once and two photos for three pages
    const classPdf = await jobPdf(admin, 'class-jobs', { classId: ids.jss1a, termId: ids.second });
    expect(classPdf.toString('latin1')).toContain('/Count 3');
    expect(imageCount(classPdf)).toBe(3);

    // the whole school: four pages, the logo once and three photos
    const schoolPdf = await jobPdf(admin, 'school-jobs', { termId: ids.second });
    expect(schoolPdf.toString('latin1')).toContain('/Count 4');
    expect(imageCount(schoolPdf)).toBe(4);
    expect(await pdfPages(schoolPdf)).toHaveLength(4);
    expect(xrefMismatches(schoolPdf)).toEqual([]);
  });

  it('draws the logo top left and the photo top right without moving anything below the header', async () => {
    const fetched = (await (await as(t.users.admin.email)).get(`/api/report-cards/${t.student.id}?termId=${ids.second}`)).json();
    // a school's full header (address, then phone and email) is as tall as the pictures
    const card = { ...fetched, school: { ...fetched.school, address: '12 Allen Avenue, Ikeja, Lagos', phone: '0803 123 4567', email: 'office@school.test' } };
    const picture = (key: string, width: number, height: number) => ({ key, jpeg: Buffer.alloc(0), width, height });
    const plain = reportCardPage(card);
    const page = reportCardPage(card, { logo: picture('logo', 200, 100), photo: picture('photo', 150, 200) });
    const [logo, photo] = page.images!;
    expect(logo).toMatchObject({ key: 'logo', x: 36, y: 36, w: 64, h: 32 });
    expect(photo).toMatchObject({ key: 'photo', x: 595 - 36 - 54, y: 36, w: 54, h: 72 });
    expect(page.texts.map((x) => x.y)).toEqual(plain.texts.map((x) => x.y));
    // the header's text stays between the pictures
    const name = page.texts[0];
    expect(name.text).toBe(card.school.name.toUpperCase());
  });

  it('prints the card without a picture whose file is missing', async () => {
    const admin = await as(t.users.admin.email);
    const photo = (await uploadPhoto(admin, ids.chike)).json().student.photoUrl as string;
    fs.rmSync((await storedFile(idOf(photo)))!);
    const res = await admin.get(`/api/report-cards/${ids.chike}/report-card.pdf?termId=${ids.second}`);
    expect(res.statusCode).toBe(200);
    expect(imageCount(res.rawPayload)).toBe(1);
  });
});

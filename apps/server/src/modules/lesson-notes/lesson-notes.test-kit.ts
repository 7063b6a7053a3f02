import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import * as schema from '../../db/schema';
import { certificatePdf } from '../../test/pdf';
import { createClass, createClassSubject, createStaff, createSubject, termOf, type Tenant } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';

/**
 * The world the lesson notes tests share (lesson-notes.test.ts, lesson-notes.drafts.test.ts). Each file builds
 * its own with `beforeAll(setUp)` and closes it with `afterAll(tearDown)`; `setUp` sets the bindings below.
 */
export let app: FastifyInstance;
export let t: Tenant;
export let other: Tenant;

export const PDF = await certificatePdf();
// a DOCX is a ZIP whose entries include word/document.xml
export const DOCX = Buffer.from(zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>') }));
// a real 2×2 PNG: uploads are decoded, so a PNG header alone is refused
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWNQWpWmtCqNAUIBACB2BMlh+Ye5AAAAAElFTkSuQmCC',
  'base64',
);

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Record<string, string>, file?: { field?: string; name: string; type: string; bytes: Buffer }) {
  const boundary = `----lessonnote${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'attachment'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export let adeyemi: typeof schema.staff.$inferSelect;
export let okafor: typeof schema.staff.$inferSelect;
export let okaforUser: typeof schema.users.$inferSelect;
export let jss1a: typeof schema.classes.$inferSelect;
export let jss1b: typeof schema.classes.$inferSelect;
export let maths: typeof schema.subjects.$inferSelect;
export let english: typeof schema.subjects.$inferSelect;
export let first: typeof schema.terms.$inferSelect;
export let second: typeof schema.terms.$inferSelect;
export let otherClassId: string;
export let otherSubjectId: string;
export let otherTermId: string;

const clients: Record<string, TestClient> = {};
export async function as(key: string, email: string) {
  if (!clients[key]) {
    clients[key] = new TestClient(app);
    await clients[key].login(email);
  }
  return clients[key];
}
export const teacher = () => as('teacher', t.users.teacher.email);
export const admin = () => as('admin', t.users.admin.email);

export const note = (overrides: Record<string, unknown> = {}) => ({
  classId: jss1a.id,
  subjectId: maths.id,
  termId: second.id,
  week: 1,
  title: 'Fractions',
  body: '<p>Halves and quarters</p>',
  ...overrides,
});

/** Every school of the test's database. */
export const everySchool = () => [t.school.id, other.school.id];

export async function noteCount() {
  const [{ n }] = await app.db.select({ n: count() }).from(schema.lessonNotes).where(inArray(schema.lessonNotes.schoolId, everySchool()));
  return Number(n);
}

export async function setUp() {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  adeyemi = await createStaff(app.db, t, { name: 'Mrs. Funmilayo Adeyemi', userId: t.users.teacher.id });
  okaforUser = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'teacher', name: 'Mr. Chinedu Okafor' });
  okafor = await createStaff(app.db, t, { name: 'Mr. Chinedu Okafor', userId: okaforUser.id });
  jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A' });
  jss1b = await createClass(app.db, t, { level: 'JSS 1', arm: 'B' });
  maths = await createSubject(app.db, t, { name: 'Mathematics' });
  english = await createSubject(app.db, t, { name: 'English Language' });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: maths.id, teacherId: adeyemi.id });
  await createClassSubject(app.db, t, { classId: jss1b.id, subjectId: maths.id, teacherId: adeyemi.id });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: english.id, teacherId: okafor.id });
  first = await termOf(app.db, t, 'First');
  second = await termOf(app.db, t, 'Second');
  const otherClass = await createClass(app.db, other, { level: 'JSS 1', arm: 'A' });
  const otherSubject = await createSubject(app.db, other, { name: 'Mathematics', code: 'MTH' });
  otherClassId = otherClass.id;
  otherSubjectId = otherSubject.id;
  otherTermId = (await termOf(app.db, other, 'Second')).id;
}
export async function tearDown() {
  await app.close();
}

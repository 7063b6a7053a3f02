/**
 * Subject teachers from a file (POST /api/academics/subject-teachers/import): classes, subjects and
 * teachers matched as a school writes them, every row checked before anything is written, one
 * transaction audited as the one-at-a-time change, and nothing of another school found.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { writeXlsx } from '../../lib/xlsx';
import { createClass, createClassSubject, createStaff } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { app, auditsOf, clients, other, setUp, tearDown, tenant, world } from './academics.test-kit';

const URL = '/api/academics/subject-teachers/import';

let emeka: { id: string; email: string };
let elsewhere: { email: string };

beforeAll(async () => {
  await setUp();
  const stamp = tenant.school.id.slice(0, 8);
  const row = await createStaff(app.db, tenant, { name: 'Mr. Emeka Obi', email: `emeka.obi.${stamp}@school.test` });
  emeka = { id: row.id, email: row.email! };
  await createStaff(app.db, tenant, { name: 'Mr. Sani Musa' });
  await createStaff(app.db, tenant, { name: 'Mr. Sani Musa' });
  await createStaff(app.db, tenant, { name: 'Mrs. Kemi Ojo', status: 'inactive' });
  await createStaff(app.db, tenant, { name: 'Baba Gate', staffType: 'Gateman' });
  // another school's teacher and class: never found from this one
  elsewhere = { email: (await createStaff(app.db, other, { name: 'Mr. Far Away', email: `far.${stamp}@school.test` })).email! };
  await createClass(app.db, other, { level: 'JSS 2', arm: 'Zed' });
});
afterAll(tearDown);

const csv = (...rows: string[]) => `Class,Subject,Teacher\r\n${rows.join('\r\n')}\r\n`;

async function upload(client: TestClient, content: string | Uint8Array, o: { filename?: string; mode?: string; query?: string; session?: string } = {}) {
  const form = new FormData();
  form.append('mode', o.mode ?? 'all-or-nothing');
  form.append('file', new Blob([typeof content === 'string' ? content : Buffer.from(content)]), o.filename ?? 'teachers.csv');
  const response = new Response(form);
  return client.request({
    method: 'POST',
    url: `${URL}${o.query ?? ''}`,
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')!, ...(o.session ? { 'x-academic-session': o.session } : {}) },
  });
}

/** Who teaches what in the tenant's classes of the session, as the class list shows it. */
async function teaching() {
  const res = await clients.admin.get('/api/academics/classes');
  const items = res.json().items as Array<{ name: string; subjects: Array<{ code: string; teacher: { name: string } | null }> }>;
  return Object.fromEntries(items.flatMap((c) => c.subjects.map((s) => [`${c.name} ${s.code}`, s.teacher?.name ?? null])));
}

const importAudits = () =>
  app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.schoolId, tenant.school.id), eq(schema.auditLog.action, 'class_subject.teachers_imported')));

describe('POST /api/academics/subject-teachers/import', () => {
  it('names every bad row and writes nothing', async () => {
    const before = await teaching();
    const res = await upload(
      clients.admin,
      csv(
        'JSS 1 A,Mathematics,Mr. Emeka Obi',
        'JSS 3 C,Mathematics,Mr. Emeka Obi',
        'JSS 1,English Language,Mr. Emeka Obi',
        'Primary 6 A,English Language,Mr. Emeka Obi',
        'JSS 2 Zed,English Language,Mr. Emeka Obi',
        'JSS 1 B,Latin,Mr. Emeka Obi',
        'JSS 1 B,English Language,Mr. Sani Musa',
        'JSS 1 B,Mathematics,Mrs. Kemi Ojo',
        'JSS 1 B,Physics,Baba Gate',
        `JSS 1 A,English Language,${elsewhere.email}`,
        'JSS 1 A,Physics,Nobody Here',
        'jss1a,MTH,Mrs. Funmi Adeyemi',
        ',,',
      ),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('12 of 13 rows have errors, so nothing was imported. Correct them and import again.');
    expect(body.imported).toBe(0);
    expect(body.rows.map((r: { line: number; errors: Record<string, string> }) => [r.line, r.errors])).toEqual([
      [2, {}],
      [3, { class: 'There is no class “JSS 3 C” in 2023/24' }],
      [4, { class: '“JSS 1” is a level; write the class with its arm, e.g. JSS 1 A' }],
      [5, { class: 'There is no class “Primary 6 A” in 2023/24' }],
      [6, { class: 'There is no class “JSS 2 Zed” in 2023/24' }],
      [7, { subject: 'The school has no subject named or coded “Latin”; add it under Academics › Subjects first' }],
      [8, { teacher: '2 teachers are named “Mr. Sani Musa”; write the teacher’s email instead' }],
      [9, { teacher: 'Mrs. Kemi Ojo has been deactivated; re-activate them in Academics › Staff first' }],
      [10, { teacher: 'Baba Gate is not a teacher (staff type Gateman); only Teacher staff can teach a subject' }],
      [11, { teacher: `No staff member has the email “${elsewhere.email}”` }],
      [12, { teacher: 'No staff member is named “Nobody Here”; write the name as Academics › Staff shows it, or the teacher’s email' }],
      [13, { file: 'JSS 1 A · Mathematics is already on row 2' }],
      // no teacher given is not an error of itself (such a row is skipped); the class and subject are
      [14, { class: 'Write the class, e.g. JSS 1 A', subject: 'Write the subject’s name or code' }],
    ]);
    expect(await teaching()).toEqual(before);
    expect(await importAudits()).toHaveLength(0);
  });

  it('refuses a wrong header or file, teachers and parents, and another school finds nothing of this one', async () => {
    const header = await upload(clients.admin, 'Class,Subject\r\nJSS 1 A,MTH\r\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().errors.file).toBe('The header has no column Teacher');
    const pdf = await upload(clients.admin, '%PDF-1.4', { filename: 'teachers.pdf' });
    expect(pdf.json().errors.file).toBe('Choose a CSV file or an Excel workbook (.xlsx)');

    const before = await teaching();
    const file = csv('JSS 1 A,Mathematics,Mr. Emeka Obi');
    for (const client of [clients.teacher, clients.parent, clients.student]) expect((await upload(client, file)).statusCode).toBe(403);
    // the other school's administrator: their own classes, and no teacher of ours
    const foreign = await upload(clients.otherAdmin, csv(`JSS 1 A,Mathematics,${emeka.email}`));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().rows[0].errors).toEqual({ teacher: `No staff member has the email “${emeka.email}”` });
    expect(await teaching()).toEqual(before);
  });

  it('previews what each row would do and writes nothing', async () => {
    const before = await teaching();
    const res = await upload(clients.admin, csv(`JSS 1 A,Mathematics,${emeka.email.toUpperCase()}`, 'JSS 1 B,mth,mrs funmi adeyemi'), {
      query: '?preview=true',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: true, imported: 2, changed: 1, unchanged: 1, added: 0 });
    expect(res.json().rows[0]).toMatchObject({
      ok: true,
      name: 'JSS 1 A · Mathematics',
      teacherName: 'Mr. Emeka Obi',
      outcome: 'changed',
      previousTeacherName: 'Mr. Tunde Bello',
    });
    expect(res.json().rows[0].classSubjectId).toBeUndefined();
    expect(await teaching()).toEqual(before);
  });

  it('sets the teachers, adds a subject the class did not take, audits each change, and the teacher sees their classes', async () => {
    const res = await upload(
      clients.admin,
      csv(
        `JSS 1 A,Mathematics,${emeka.email.toUpperCase()}`,
        'jss1b,eng,Mrs. Funmi Adeyemi',
        'JSS 1 B,MTH,mrs funmi  adeyemi',
        '"JSS 1 A","Physics","Mrs Funmi Adeyemi"',
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, imported: 4, skipped: 0, changed: 2, unchanged: 1, added: 1 });
    expect(res.json().rows.map((r: { outcome: string }) => r.outcome)).toEqual(['changed', 'changed', 'unchanged', 'added']);
    expect(await teaching()).toMatchObject({
      'JSS 1 A MTH': 'Mr. Emeka Obi',
      'JSS 1 A ENG': 'Mrs. Funmi Adeyemi',
      'JSS 1 A PHY': 'Mrs. Funmi Adeyemi',
      'JSS 1 B ENG': 'Mrs. Funmi Adeyemi',
      'JSS 1 B MTH': 'Mrs. Funmi Adeyemi',
    });

    const mine = await clients.teacher.get('/api/teachers/me/classes');
    const subjectsOf = (name: string) =>
      mine
        .json()
        .items.find((c: { name: string }) => c.name === name)
        .subjects.map((s: { code: string }) => s.code);
    expect(subjectsOf('JSS 1 A')).toEqual(['ENG', 'PHY']);
    expect(subjectsOf('JSS 1 B')).toEqual(['ENG', 'MTH']);

    const [maths, english, , physics] = res.json().rows as Array<{ classSubjectId: string }>;
    const change = (await auditsOf(maths.classSubjectId)).find((a) => a.action === 'class_subject.teacher_changed')!;
    expect(change.before).toMatchObject({ teacherId: world.colleague.id });
    expect(change.after).toMatchObject({ teacherId: emeka.id });
    expect((await auditsOf(english.classSubjectId)).map((a) => a.action)).toEqual(['class_subject.teacher_changed']);
    expect((await auditsOf(physics.classSubjectId)).map((a) => a.action)).toEqual(['class_subject.created']);
    const [summary] = await importAudits();
    expect(summary.after).toMatchObject({ rows: 4, changed: 2, unchanged: 1, added: 1 });
  });

  it('reads an Excel workbook', async () => {
    const workbook = writeXlsx([
      ['Class', 'Subject', 'Teacher'],
      ['JSS 1 A', 'Mathematics', 'Mr. Tunde Bello'],
      [],
      ['JSS 1 B', 'English Language', emeka.email],
    ]);
    const res = await upload(clients.admin, workbook, { filename: 'teachers.xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: { line: number; outcome: string }) => [r.line, r.outcome])).toEqual([
      [2, 'changed'],
      [4, 'changed'],
    ]);
    expect(await teaching()).toMatchObject({ 'JSS 1 A MTH': 'Mr. Tunde Bello', 'JSS 1 B ENG': 'Mr. Emeka Obi' });
  });

  it('answers 409 naming the row that would put a teacher in two classes at once, and writes none of the file', async () => {
    const slot = async (classId: string, subjectId: string) => {
      const [cs] = await app.db
        .select()
        .from(schema.classSubjects)
        .where(
          and(eq(schema.classSubjects.schoolId, tenant.school.id), eq(schema.classSubjects.classId, classId), eq(schema.classSubjects.subjectId, subjectId)),
        );
      await app.db
        .insert(schema.timetableSlots)
        .values({ schoolId: tenant.school.id, academicSessionId: tenant.session.id, classId, day: 1, hour: 9, classSubjectId: cs.id, teacherId: cs.teacherId });
    };
    // Monday 9: Mr. Tunde Bello in JSS 1 A (Maths), Mrs. Funmi Adeyemi in JSS 1 B (Maths)
    await slot(world.jss1a.id, world.maths.id);
    await slot(world.jss1b.id, world.maths.id);
    const before = await teaching();
    const res = await upload(clients.admin, csv('JSS 1 A,Physics,Mr. Emeka Obi', 'JSS 1 B,Mathematics,Mr. Tunde Bello'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Row 3: .*Mr\. Tunde Bello already teaches JSS 1 A at Monday 9:00 AM/);
    expect(await teaching()).toEqual(before);
  });
});

describe('GET /api/academics/subject-teachers/template', () => {
  const TEMPLATE = '/api/academics/subject-teachers/template';
  let past: string;
  let retired: { email: string };

  // Last session's classes: JSS 1 B made before JSS 1 A, and Primary 6 A (before JSS in school order, after it by the alphabet).
  beforeAll(async () => {
    past = world.previous.id;
    const stamp = tenant.school.id.slice(0, 8);
    const jss1b = await createClass(app.db, tenant, { academicSessionId: past, level: 'JSS 1', arm: 'B' });
    const jss1a = await createClass(app.db, tenant, { academicSessionId: past, level: 'JSS 1', arm: 'A' });
    // a teacher sharing a name with another, and one deactivated since: the file names them as they are
    const twin = await createStaff(app.db, tenant, { name: 'Mr. Ade Twin' });
    await createStaff(app.db, tenant, { name: 'Mr. Ade Twin' });
    const old = await createStaff(app.db, tenant, { name: 'Mrs. Old Hand', email: `old.hand.${stamp}@school.test`, status: 'inactive' });
    retired = { email: old.email! };
    await createClassSubject(app.db, tenant, { classId: jss1b.id, subjectId: world.maths.id, teacherId: emeka.id });
    await createClassSubject(app.db, tenant, { classId: jss1b.id, subjectId: world.english.id, teacherId: twin.id });
    await createClassSubject(app.db, tenant, { classId: jss1a.id, subjectId: world.physics.id, teacherId: null });
    await createClassSubject(app.db, tenant, { classId: jss1a.id, subjectId: world.maths.id, teacherId: old.id });
    await createClassSubject(app.db, tenant, { classId: world.old.id, subjectId: world.english.id, teacherId: world.colleague.id });
  });

  const template = (client: TestClient, sessionId: string) => client.get(`${TEMPLATE}?sessionId=${sessionId}`);

  it('lists every subject of each class of the session in school order, with its teacher’s email, else name, else nothing', async () => {
    const res = await template(clients.admin, past);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="subject-teachers-2022-23.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(
      [
        '\uFEFFClass,Subject,Teacher',
        'Primary 6 A,English Language,Mr. Tunde Bello',
        `JSS 1 A,Mathematics,${retired.email}`,
        'JSS 1 A,Physics,',
        'JSS 1 B,English Language,Mr. Ade Twin',
        `JSS 1 B,Mathematics,${emeka.email}`,
        '',
      ].join('\r\n'),
    );
    // this session's classes, not last session's
    const now = await template(clients.admin, tenant.session.id);
    expect(now.body.split('\r\n').slice(1, -1)).toHaveLength(Object.keys(await teaching()).length);
    expect(now.body).toContain('JSS 1 A,English Language,Mrs. Funmi Adeyemi\r\n');
    expect(now.body).not.toContain('Primary 6 A');
  });

  it('goes back unchanged: the preview has no errors and the import changes nothing', async () => {
    const file = (await template(clients.admin, past)).body;
    const preview = await upload(clients.admin, file, { query: '?preview=true', session: past });
    expect(preview.statusCode).toBe(200);
    const report = preview.json();
    expect(report).toMatchObject({ dryRun: true, imported: 4, skipped: 1, changed: 0, unchanged: 4, added: 0 });
    expect(report.rows.map((r: { name: string; ok: boolean; errors: object; outcome: string }) => [r.name, r.ok, r.errors, r.outcome])).toEqual([
      ['Primary 6 A · English Language', true, {}, 'unchanged'],
      ['JSS 1 A · Mathematics', true, {}, 'unchanged'],
      ['JSS 1 A · Physics', true, {}, 'skipped'],
      ['JSS 1 B · English Language', true, {}, 'unchanged'],
      ['JSS 1 B · Mathematics', true, {}, 'unchanged'],
    ]);

    const done = await upload(clients.admin, file, { session: past });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ dryRun: false, imported: 4, skipped: 1, changed: 0, unchanged: 4, added: 0 });
    expect((await template(clients.admin, past)).body).toBe(file);
  });

  it('finds no session of another school, and is for the school’s administrators only', async () => {
    const foreign = await template(clients.admin, other.session.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Academic session not found');
    expect((await template(clients.admin, 'not-an-id')).statusCode).toBe(404);
    for (const client of [clients.teacher, clients.parent, clients.student]) expect((await template(client, past)).statusCode).toBe(403);
  });
});

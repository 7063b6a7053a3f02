import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { parseCsv } from '../../lib/csv';
import { readXlsx, writeXlsx, XLSX_TYPE } from '../../lib/xlsx';
import type { TestClient } from '../../test/test-app';
import { LOCKED_AFTER_PUBLICATION } from './results.messages';
import {
  admin,
  app,
  batch,
  english,
  first,
  jss1a,
  maths,
  okafor,
  otherAdmin,
  otherClassId,
  otherSubjectId,
  otherTermId,
  row,
  scoreRows,
  second,
  setUp,
  sheetUrl,
  studentIds,
  t,
  tearDown,
  teacher,
} from './results.test-kit';

/*
 * Issue 18, score upload: a subject's scores for a class from CSV or XLSX (template download), all or
 * nothing with row errors, same rules as the grid.
 */

beforeAll(setUp);
afterAll(tearDown);

const HEADER = 'Admission number,Student,Test 1,Test 2,Assignment,Exam';
type Scope = 'teacher' | 'admin';
const base = (scope: Scope) => (scope === 'teacher' ? '/api/results/scores' : '/api/records/results/scores');
const place = (overrides: Record<string, string> = {}) => ({ termId: first.id, classId: jss1a.id, subjectId: maths.id, ...overrides });
const templateUrl = (scope: Scope, format?: string, p = place()) => `${base(scope)}/template?${new URLSearchParams({ ...p, ...(format ? { format } : {}) })}`;

async function upload(client: TestClient, scope: Scope, content: string | Uint8Array, filename: string, fields: Record<string, string> = place()) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const type = filename.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv';
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), filename);
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return client.request({ method: 'POST', url: `${base(scope)}/upload`, payload, headers: { 'content-type': response.headers.get('content-type')! } });
}

/** The students' admission numbers, by first name. */
let adm: { ada: string; bola: string; chi: string; dayo: string };
const mathsScores = async () => {
  const rows = (await scoreRows()).filter((s) => s.subjectId === maths.id && s.termId === first.id);
  return Object.fromEntries(rows.map((s) => [s.studentId, [s.test1, s.test2, s.assignment, s.exam]]));
};

beforeAll(async () => {
  const sheet = (await (await teacher()).get(sheetUrl())).json() as { rows: Array<{ studentId: string; admissionNumber: string }> };
  const of = (id: string) => sheet.rows.find((r) => r.studentId === id)!.admissionNumber;
  adm = { ada: of(studentIds.ada), bola: of(studentIds.bola), chi: of(studentIds.chi), dayo: of(studentIds.dayo) };
});

describe('the template (GET …/scores/template)', () => {
  it('is a CSV of the class’s students with today’s scores, named after the class, subject and term', async () => {
    const saved = await (await teacher()).put('/api/results/scores', batch([row(studentIds.ada, 12, 12.5, 8, 50), row(studentIds.chi, 10, null, null, null)]));
    expect(saved.statusCode).toBe(200);
    const res = await (await teacher()).get(templateUrl('teacher'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="scores-JSS-1-A-Mathematics-First-term.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(res.body).map((r) => r.fields)).toEqual([
      HEADER.split(','),
      [adm.bola, 'Ade Bola', '', '', '', ''],
      [adm.chi, 'Eze Chi', '10', '', '', ''],
      [adm.ada, 'Obi Ada', '12', '12.5', '8', '50'],
      [adm.dayo, 'Ola Dayo', '', '', '', ''],
    ]);
  });

  it('is an Excel workbook with format=xlsx, for administrators too', async () => {
    const res = await (await admin()).get(templateUrl('admin', 'xlsx'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="scores-JSS-1-A-Mathematics-First-term.xlsx"');
    expect(readXlsx(res.rawPayload)).toEqual([
      { row: 1, cells: HEADER.split(',') },
      { row: 2, cells: [adm.bola, 'Ade Bola'] },
      { row: 3, cells: [adm.chi, 'Eze Chi', '10'] },
      { row: 4, cells: [adm.ada, 'Obi Ada', '12', '12.5', '8', '50'] },
      { row: 5, cells: [adm.dayo, 'Ola Dayo'] },
    ]);
  });

  it('follows the grid’s rights: another teacher’s subject 403, another school’s class 404, an unknown format 400', async () => {
    expect((await (await okafor()).get(templateUrl('teacher'))).statusCode).toBe(403);
    expect((await (await teacher()).get(templateUrl('teacher', 'csv', place({ subjectId: english.id })))).statusCode).toBe(403);
    const foreign = place({ termId: otherTermId, classId: otherClassId, subjectId: otherSubjectId });
    expect((await (await admin()).get(templateUrl('admin', 'csv', foreign))).statusCode).toBe(404);
    expect((await (await admin()).get(templateUrl('admin', 'pdf'))).statusCode).toBe(400);
  });
});

describe('uploading scores (POST …/scores/upload)', () => {
  it('saves a good CSV: rows by admission number or, without one, by name; blank cells no score; absent students unchanged', async () => {
    const csv = [
      HEADER,
      `${adm.ada},Obi Ada,15,15,10,60`,
      // the name as the template shows it, any case and spacing
      ',  eze   CHI ,9.5,10,,40',
      // the Student column is only a reminder when the admission number is there
      `${adm.dayo.toLowerCase()},Someone else,1,2,3,4`,
      ',,,,,',
    ].join('\r\n');
    const res = await upload(await teacher(), 'teacher', `\uFEFF${csv}\r\n`, 'maths.csv');
    expect(res.statusCode, res.body).toBe(200);
    const byName = Object.fromEntries(res.json().rows.map((r: { name: string }) => [r.name, r]));
    expect(byName['Obi Ada']).toMatchObject({ test1: 15, test2: 15, assignment: 10, exam: 60, total: 100, position: 1 });
    expect(byName['Eze Chi']).toMatchObject({ test1: 9.5, test2: 10, assignment: null, exam: 40, incomplete: true });
    expect(byName['Ola Dayo']).toMatchObject({ total: 10 });
    // Bola was not in the file
    expect(byName['Ade Bola']).toMatchObject({ test1: null, total: null });
    const grid = await (await teacher()).get(sheetUrl());
    expect(grid.json().rows).toEqual(res.json().rows);
    expect(await mathsScores()).toEqual({
      [studentIds.ada]: [15, 15, 10, 60],
      [studentIds.chi]: [9.5, 10, null, 40],
      [studentIds.dayo]: [1, 2, 3, 4],
    });
  });

  it('saves a good Excel workbook through the records route, audited as an upload', async () => {
    const workbook = writeXlsx([
      ['Exam', 'Test 1', 'Test 2', 'Assignment', 'Admission number'],
      [55, 10, 10, 5, adm.bola],
      // an emptied row removes the score, as in the grid
      [null, null, null, null, adm.dayo],
    ]);
    const res = await upload(await admin(), 'admin', workbook, 'scores.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const bola = res.json().rows.find((r: { studentId: string }) => r.studentId === studentIds.bola);
    expect(bola).toMatchObject({ test1: 10, test2: 10, assignment: 5, exam: 55, total: 80 });
    const scores = await mathsScores();
    expect(scores[studentIds.bola]).toEqual([10, 10, 5, 55]);
    expect(scores[studentIds.dayo]).toBeUndefined();
    expect(scores[studentIds.ada]).toEqual([15, 15, 10, 60]);
    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'scores')))
      .orderBy(desc(schema.auditLog.createdAt))
      .limit(1);
    expect(entry.action).toBe('scores.update');
    expect(entry.after).toMatchObject({
      source: 'upload',
      subject: 'Mathematics',
      rows: [{ studentId: studentIds.bola }, { studentId: studentIds.dayo, exam: null }],
    });
  });

  it('is all or nothing: every wrong row is listed with its spreadsheet row number and nothing is written', async () => {
    const before = await scoreRows();
    const csv = [
      HEADER,
      `${adm.ada},Obi Ada,15,15,10,59`, // 2: good
      'XYZ/1,Nobody,1,1,1,1', // 3: unknown admission number
      ',Eze Chi,16,abc,-1,2.3', // 4: four wrong scores
      '',
      `${adm.ada},Obi Ada,1,1,1,1`, // 6: Ada again
      ',Nobody Here,,,,', // 7: unknown name
      ',,5,,,', // 8: nobody
    ].join('\n');
    const res = await upload(await teacher(), 'teacher', csv, 'maths.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Row 3: No student of JSS 1 A has admission number “XYZ/1”',
      rows: [
        { row: 3, message: 'No student of JSS 1 A has admission number “XYZ/1”' },
        { row: 4, message: 'Eze Chi: Test 1 cannot be above 15' },
        { row: 4, message: 'Eze Chi: Test 2 must be a number' },
        { row: 4, message: 'Eze Chi: Assignment cannot be below 0' },
        { row: 4, message: 'Eze Chi: Exam must be a whole or half mark' },
        { row: 6, message: 'Obi Ada appears more than once (also on row 2)' },
        { row: 7, message: 'No student of JSS 1 A is named “Nobody Here”' },
        { row: 8, message: 'Give the student’s admission number or name' },
      ],
    });
    expect(await scoreRows()).toEqual(before);
  });

  it('lists the row numbers of a workbook, and refuses a header without a score column', async () => {
    const before = await scoreRows();
    const workbook = writeXlsx([HEADER.split(','), [], [], [adm.chi, 'Eze Chi', 1, 1, 1, 61]]);
    const res = await upload(await teacher(), 'teacher', workbook, 'maths.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Row 4: Eze Chi: Exam cannot be above 60', rows: [{ row: 4, message: 'Eze Chi: Exam cannot be above 60' }] });

    const noExam = await upload(await teacher(), 'teacher', `Admission number,Student,Test 1,Test 2,Assignment\n${adm.ada},Obi Ada,1,1,1\n`, 'maths.csv');
    expect(noExam.statusCode).toBe(400);
    expect(noExam.json()).toMatchObject({ message: 'Row 1: The header has no column Exam', rows: [{ row: 1, message: 'The header has no column Exam' }] });
    const noHeader = await upload(await teacher(), 'teacher', `${adm.ada},Obi Ada,1,1,1,1\n`, 'maths.csv');
    expect(noHeader.json().message).toBe('Row 1: The first row must be the header: Admission number, Student, Test 1, Test 2, Assignment, Exam');
    const headerOnly = await upload(await teacher(), 'teacher', `${HEADER}\n`, 'maths.csv');
    expect(headerOnly.json().message).toBe('Row 1: The file has no students under the header row');
    expect(await scoreRows()).toEqual(before);
  });

  it('refuses a file that is neither CSV nor Excel, with a clear message', async () => {
    const client = await teacher();
    const pdf = await upload(client, 'teacher', '%PDF-1.7\n%âãÏÓ\n1 0 obj\n', 'scores.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ message: 'Choose a CSV or Excel (.xlsx) file', errors: { file: 'Choose a CSV or Excel (.xlsx) file' } });
    const fake = await upload(client, 'teacher', 'not a workbook', 'scores.xlsx');
    expect(fake.json().message).toBe('The file is not a readable Excel workbook (.xlsx)');
    const old = await upload(client, 'teacher', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'scores.xls');
    expect(old.json().message).toBe('Excel 97–2003 (.xls) files cannot be read; save the file as Excel Workbook (.xlsx) or CSV UTF-8');
    const latin1 = await upload(client, 'teacher', new Uint8Array([0x41, 0x2c, 0xe9, 0x0a]), 'scores.csv');
    expect(latin1.json().message).toBe('The CSV file must be UTF-8 text (in a spreadsheet: Save as “CSV UTF-8”)');
    const none = await client.request({ method: 'POST', url: '/api/results/scores/upload', payload: place() });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose a CSV or Excel (.xlsx) file to upload');
    const noPlace = await upload(client, 'teacher', `${HEADER}\n`, 'maths.csv', { classId: jss1a.id, subjectId: maths.id });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().message).toBe('Please Select a Term');
  });

  it('refuses a teacher another teacher’s subject (403) and another school’s class (404)', async () => {
    const before = await scoreRows();
    const csv = `${HEADER}\n${adm.ada},Obi Ada,1,1,1,1\n`;
    const notTheirs = await upload(await teacher(), 'teacher', csv, 'english.csv', place({ subjectId: english.id }));
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe('You do not teach English in JSS 1 A');
    const foreign = place({ termId: otherTermId, classId: otherClassId, subjectId: otherSubjectId });
    expect((await upload(await teacher(), 'teacher', csv, 'maths.csv', foreign)).statusCode).toBe(404);
    expect((await upload(await admin(), 'admin', csv, 'maths.csv', foreign)).statusCode).toBe(404);
    // the other school's administrator, with this school's class
    expect((await upload(await otherAdmin(), 'admin', csv, 'maths.csv')).statusCode).toBe(404);
    // administrators upload through the records route only
    expect((await upload(await admin(), 'teacher', csv, 'maths.csv')).statusCode).toBe(403);
    expect(await scoreRows()).toEqual(before);
  });

  it('is closed to teachers once the results are published, and open to administrators (audited as a correction)', async () => {
    const published = await (await admin()).post('/api/records/results/publish', { termId: second.id, classId: jss1a.id, allowUnscored: true });
    expect(published.statusCode, published.body).toBe(200);
    const csv = `${HEADER}\n${adm.ada},Obi Ada,1,1,1,1\n`;
    const late = await upload(await teacher(), 'teacher', csv, 'maths.csv', place({ termId: second.id }));
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(LOCKED_AFTER_PUBLICATION);
    expect((await scoreRows()).filter((s) => s.termId === second.id)).toEqual([]);

    const corrected = await upload(await admin(), 'admin', csv, 'maths.csv', place({ termId: second.id }));
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ published: true, canEdit: true });
    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'scores')))
      .orderBy(desc(schema.auditLog.createdAt))
      .limit(1);
    expect(entry.action).toBe('scores.update_after_publication');
  });
});

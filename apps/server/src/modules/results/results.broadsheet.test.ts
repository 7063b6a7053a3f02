import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { parseCsv } from '../../lib/csv';
import { readXlsx, writeXlsx, XLSX_TYPE } from '../../lib/xlsx';
import { createClass, createClassSubject, createSubject } from '../../test/factories';
import type { TestClient } from '../../test/test-app';
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
  otherTermId,
  row,
  scoreRows,
  second,
  setUp,
  studentIds,
  t,
  tearDown,
  teacher,
} from './results.test-kit';

/*
 * The class broadsheet upload: every subject of a class for a term in one file (administrators),
 * checked whole and saved all or nothing across subjects, each subject audited as its grid.
 */

beforeAll(setUp);
afterAll(tearDown);

// the class's subjects in the grid's order (by name): English, then Mathematics
const ENG = ['ENG Test 1', 'ENG Test 2', 'ENG Assignment', 'ENG Exam'];
const MTH = ['MTH Test 1', 'MTH Test 2', 'MTH Assignment', 'MTH Exam'];
const HEADER = ['Admission number', 'Student', ...ENG, ...MTH];

const place = (overrides: Record<string, string> = {}) => ({ termId: first.id, classId: jss1a.id, ...overrides });
const templateUrl = (format?: string, p = place()) =>
  `/api/records/results/broadsheet/template?${new URLSearchParams({ ...p, ...(format ? { format } : {}) })}`;

async function upload(client: TestClient, content: string | Uint8Array, filename: string, fields: Record<string, string> = place()) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const type = filename.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv';
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), filename);
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return client.request({
    method: 'POST',
    url: '/api/records/results/broadsheet/upload',
    payload,
    headers: { 'content-type': response.headers.get('content-type')! },
  });
}

const csv = (...lines: string[][]) => lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';

/** The first term's scores of a subject: student id → [test 1, test 2, assignment, exam]. */
async function scoresOf(subjectId: string) {
  const rows = (await scoreRows()).filter((s) => s.subjectId === subjectId && s.termId === first.id);
  return Object.fromEntries(rows.map((s) => [s.studentId, [s.test1, s.test2, s.assignment, s.exam]]));
}

const broadsheetAudits = async () =>
  (
    await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'scores')))
  ).filter((e) => (e.after as { source?: string } | null)?.source === 'broadsheet');

/** The students' admission numbers, by first name. */
let adm: { ada: string; bola: string; chi: string; dayo: string };

beforeAll(async () => {
  const sheet = (await (await admin()).get(`/api/records/results/scores?termId=${first.id}&classId=${jss1a.id}&subjectId=${maths.id}`)).json() as {
    rows: Array<{ studentId: string; admissionNumber: string }>;
  };
  const of = (id: string) => sheet.rows.find((r) => r.studentId === id)!.admissionNumber;
  adm = { ada: of(studentIds.ada), bola: of(studentIds.bola), chi: of(studentIds.chi), dayo: of(studentIds.dayo) };
  // today's scores: Mrs. Adeyemi's Mathematics and Mr. Okafor's English
  expect(
    (await (await teacher()).put('/api/results/scores', batch([row(studentIds.ada, 12, 12.5, 8, 50), row(studentIds.chi, 10, null, null, null)]))).statusCode,
  ).toBe(200);
  expect((await (await okafor()).put('/api/results/scores', batch([row(studentIds.bola, 14, 13, 9, 55)], { subjectId: english.id }))).statusCode).toBe(200);
});

describe('the broadsheet template (GET /api/records/results/broadsheet/template)', () => {
  it('has a column per subject and score, headed by the subject code, pre-filled with today’s scores', async () => {
    const res = await (await admin()).get(templateUrl());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="scores-JSS-1-A-all-subjects-First-term.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(res.body).map((r) => r.fields)).toEqual([
      HEADER,
      [adm.bola, 'Ade Bola', '14', '13', '9', '55', '', '', '', ''],
      [adm.chi, 'Eze Chi', '', '', '', '', '10', '', '', ''],
      [adm.ada, 'Obi Ada', '', '', '', '', '12', '12.5', '8', '50'],
      [adm.dayo, 'Ola Dayo', '', '', '', '', '', '', '', ''],
    ]);
  });

  it('is an Excel workbook with format=xlsx, and an unknown format is a 400', async () => {
    const res = await (await admin()).get(templateUrl('xlsx'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="scores-JSS-1-A-all-subjects-First-term.xlsx"');
    expect(readXlsx(res.rawPayload)).toEqual([
      { row: 1, cells: HEADER },
      { row: 2, cells: [adm.bola, 'Ade Bola', '14', '13', '9', '55'] },
      { row: 3, cells: [adm.chi, 'Eze Chi', '', '', '', '', '10'] },
      { row: 4, cells: [adm.ada, 'Obi Ada', '', '', '', '', '12', '12.5', '8', '50'] },
      { row: 5, cells: [adm.dayo, 'Ola Dayo'] },
    ]);
    expect((await (await admin()).get(templateUrl('pdf'))).statusCode).toBe(400);
  });

  it('heads the subjects by name when two subjects of the class share a code, and an upload by that code is refused', async () => {
    const jss2 = await createClass(app.db, t, { level: 'JSS 2', arm: 'B' });
    const science = await createSubject(app.db, t, { name: 'Basic Science', code: 'BSC' });
    const studies = await createSubject(app.db, t, { name: 'Basic Studies', code: 'bsc' });
    await createClassSubject(app.db, t, { classId: jss2.id, subjectId: science.id });
    await createClassSubject(app.db, t, { classId: jss2.id, subjectId: studies.id });
    const res = await (await admin()).get(templateUrl('csv', place({ classId: jss2.id })));
    expect(res.statusCode, res.body).toBe(200);
    expect(parseCsv(res.body)[0].fields).toEqual([
      'Admission number',
      'Student',
      'Basic Science Test 1',
      'Basic Science Test 2',
      'Basic Science Assignment',
      'Basic Science Exam',
      'Basic Studies Test 1',
      'Basic Studies Test 2',
      'Basic Studies Assignment',
      'Basic Studies Exam',
    ]);
    const byCode = await upload(await admin(), csv(['Admission number', 'BSC Test 1'], [adm.ada, '1']), 'jss2.csv', place({ classId: jss2.id }));
    expect(byCode.statusCode).toBe(400);
    expect(byCode.json().message).toBe(
      'Row 1: The column “BSC Test 1” could be more than one subject (Basic Science, Basic Studies); use the subject’s name, like “Basic Science Test 1”',
    );
  });
});

describe('uploading a broadsheet (POST /api/records/results/broadsheet/upload)', () => {
  it('saves every subject of a good file at once and answers how many students changed in each, audited per subject', async () => {
    const before = await broadsheetAudits();
    const file = csv(
      HEADER,
      // Bola's English as it is: no change
      [adm.bola, 'Ade Bola', '14', '13', '9', '55', '15', '15', '10', '60'],
      [adm.chi, 'Eze Chi', '10', '10', '5', '40', '10', '', '', ''],
      // by name when the admission number is empty, any case and spacing
      ['', '  obi   ADA ', '', '', '', '', '13', '12.5', '8', '50'],
    );
    const res = await upload(await admin(), `\uFEFF${file}`, 'jss1a.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      termId: first.id,
      termName: 'First',
      classId: jss1a.id,
      className: 'JSS 1 A',
      subjects: [
        { subjectId: english.id, subjectName: 'English', changed: 1 },
        { subjectId: maths.id, subjectName: 'Mathematics', changed: 2 },
      ],
    });
    expect(await scoresOf(english.id)).toEqual({ [studentIds.bola]: [14, 13, 9, 55], [studentIds.chi]: [10, 10, 5, 40] });
    expect(await scoresOf(maths.id)).toEqual({
      [studentIds.ada]: [13, 12.5, 8, 50],
      [studentIds.bola]: [15, 15, 10, 60],
      [studentIds.chi]: [10, null, null, null],
    });
    const audits = (await broadsheetAudits()).filter((e) => !before.some((b) => b.id === e.id));
    expect(audits.map((e) => [e.action, e.entityId, (e.after as { subject: string }).subject]).sort()).toEqual(
      [
        ['scores.update', `${first.id}:${jss1a.id}:${english.id}`, 'English'],
        ['scores.update', `${first.id}:${jss1a.id}:${maths.id}`, 'Mathematics'],
      ].sort(),
    );
    const mathsAudit = audits.find((e) => e.entityId?.endsWith(maths.id))!;
    expect(mathsAudit.before).toMatchObject({
      rows: [
        { studentId: studentIds.bola, exam: null },
        { studentId: studentIds.ada, test1: 12 },
      ],
    });
    expect(mathsAudit.after).toMatchObject({
      rows: [
        { studentId: studentIds.bola, exam: 60 },
        { studentId: studentIds.ada, test1: 13 },
      ],
    });
    // the grid shows what was saved
    const grid = await (await admin()).get(`/api/records/results/scores?termId=${first.id}&classId=${jss1a.id}&subjectId=${english.id}`);
    expect(grid.json().rows.find((r: { studentId: string }) => r.studentId === studentIds.chi)).toMatchObject({ total: 65 });
  });

  it('leaves a subject without columns in the file as it is, and reads columns by subject name in any order', async () => {
    const englishBefore = await scoresOf(english.id);
    const file = csv(['mathematics exam', 'Mathematics TEST 1', 'Student', 'mathematics assignment', 'Mathematics Test 2'], ['59', '1', 'Ola Dayo', '2', '3']);
    const res = await upload(await admin(), file, 'maths-only.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subjects).toEqual([{ subjectId: maths.id, subjectName: 'Mathematics', changed: 1 }]);
    expect((await scoresOf(maths.id))[studentIds.dayo]).toEqual([1, 3, 2, 59]);
    expect(await scoresOf(english.id)).toEqual(englishBefore);
  });

  it('refuses the whole file for one wrong cell in the last subject: nothing is written in any subject', async () => {
    const before = await scoreRows();
    const audits = (await broadsheetAudits()).length;
    const file = csv(
      HEADER,
      [adm.bola, 'Ade Bola', '1', '1', '1', '1', '1', '1', '1', '1'],
      [adm.chi, 'Eze Chi', '2', '2', '2', '2', '2', '2', '2', '2'],
      [adm.ada, 'Obi Ada', '3', '3', '3', '3', '3', '3', '3', '61'],
    );
    const res = await upload(await admin(), file, 'jss1a.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Row 4: Obi Ada: MTH Exam cannot be above 60',
      rows: [{ row: 4, message: 'Obi Ada: MTH Exam cannot be above 60' }],
    });
    expect(await scoreRows()).toEqual(before);
    expect((await broadsheetAudits()).length).toBe(audits);
  });

  it('lists every problem with its row: unknown students, a student twice, wrong cells in several subjects', async () => {
    const before = await scoreRows();
    const file = csv(
      HEADER,
      [adm.ada, 'Obi Ada', '', '', '', '', '', '', '', ''], // 2: good
      ['XYZ/1', 'Nobody', '1', '', '', '', '', '', '', ''], // 3: unknown admission number
      ['', 'Nobody Here', '', '', '', '', '', '', '', ''], // 4: unknown name
      [adm.ada.toLowerCase(), 'Obi Ada', '', '', '', '', '', '', '', ''], // 5: Ada again
      [adm.chi, 'Eze Chi', '16', '', 'abc', '', '', '-1', '', '2.3'], // 6: four wrong cells in two subjects
    );
    const res = await upload(await admin(), file, 'jss1a.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Row 3: No student of JSS 1 A has admission number “XYZ/1”',
      rows: [
        { row: 3, message: 'No student of JSS 1 A has admission number “XYZ/1”' },
        { row: 4, message: 'No student of JSS 1 A is named “Nobody Here”' },
        { row: 5, message: 'Obi Ada appears more than once (also on row 2)' },
        { row: 6, message: 'Eze Chi: ENG Test 1 cannot be above 15' },
        { row: 6, message: 'Eze Chi: ENG Assignment must be a number' },
        { row: 6, message: 'Eze Chi: MTH Test 2 cannot be below 0' },
        { row: 6, message: 'Eze Chi: MTH Exam must be a whole or half mark' },
      ],
    });
    expect(await scoreRows()).toEqual(before);
  });

  it('refuses a header with an unknown column, a column twice, or a subject missing some of its columns', async () => {
    const before = await scoreRows();
    const client = await admin();
    const unknown = await upload(client, csv([...HEADER, 'PHY Test 1'], [adm.ada, 'Obi Ada']), 'jss1a.csv');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'Row 1: Unknown column “PHY Test 1”: name each score column by a subject of JSS 1 A and a score, like “ENG Test 1”',
      rows: [{ row: 1, message: 'Unknown column “PHY Test 1”: name each score column by a subject of JSS 1 A and a score, like “ENG Test 1”' }],
    });
    const problems = await upload(client, csv(['Student', 'MTH Test 1', 'mth test 1', 'ENG Exam'], ['Obi Ada', '1', '1', '1']), 'jss1a.csv');
    expect(problems.json().rows).toEqual([
      { row: 1, message: 'The column “MTH Test 1” appears more than once' },
      { row: 1, message: 'The header has no column ENG Test 1, ENG Test 2, ENG Assignment' },
      { row: 1, message: 'The header has no column MTH Test 2, MTH Assignment, MTH Exam' },
    ]);
    const nobody = await upload(client, csv(MTH, ['1', '1', '1', '1']), 'jss1a.csv');
    expect(nobody.json().message).toBe('Row 1: The header has no column Admission number (or Student)');
    const noHeader = await upload(client, csv([adm.ada, 'Obi Ada', '1', '1']), 'jss1a.csv');
    expect(noHeader.json().message).toBe(
      'Row 1: The first row must be the header: Admission number, Student, then a column per subject and score, like “ENG Test 1”',
    );
    const headerOnly = await upload(client, csv(HEADER), 'jss1a.csv');
    expect(headerOnly.json().message).toBe('Row 1: The file has no students under the header row');
    const pdf = await upload(client, '%PDF-1.7\n', 'scores.pdf');
    expect(pdf.json()).toMatchObject({ message: 'Choose a CSV or Excel (.xlsx) file', errors: { file: 'Choose a CSV or Excel (.xlsx) file' } });
    const noClass = await upload(client, csv(HEADER), 'jss1a.csv', { termId: first.id });
    expect(noClass.statusCode).toBe(400);
    expect(noClass.json().message).toBe('Please Select a Class');
    expect(await scoreRows()).toEqual(before);
  });

  it('takes back its own Excel template: unchanged it changes nothing, edited it saves the edits', async () => {
    const client = await admin();
    const template = await client.get(templateUrl('xlsx'));
    expect(template.statusCode).toBe(200);
    const same = await upload(client, template.rawPayload, 'template.xlsx');
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().subjects).toEqual([
      { subjectId: english.id, subjectName: 'English', changed: 0 },
      { subjectId: maths.id, subjectName: 'Mathematics', changed: 0 },
    ]);

    const rows = readXlsx(template.rawPayload).map((r) => r.cells);
    const dayo = rows.findIndex((cells) => cells[0] === adm.dayo);
    rows[dayo] = [adm.dayo, 'Ola Dayo', '7', '7', '7', '7.5', '', '', '', ''];
    const edited = await upload(client, writeXlsx(rows.map((cells) => [...cells, ...Array(10 - cells.length).fill(null)])), 'edited.xlsx');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().subjects).toEqual([
      { subjectId: english.id, subjectName: 'English', changed: 1 },
      // the emptied Mathematics cells removed Dayo's score
      { subjectId: maths.id, subjectName: 'Mathematics', changed: 1 },
    ]);
    expect((await scoresOf(english.id))[studentIds.dayo]).toEqual([7, 7, 7, 7.5]);
    expect((await scoresOf(maths.id))[studentIds.dayo]).toBeUndefined();
  });

  it('is open to administrators after publication, audited as a correction', async () => {
    const published = await (await admin()).post('/api/records/results/publish', { termId: second.id, classId: jss1a.id, allowUnscored: true });
    expect(published.statusCode, published.body).toBe(200);
    const res = await upload(await admin(), csv(['Admission number', ...ENG], [adm.ada, '1', '1', '1', '1']), 'late.csv', place({ termId: second.id }));
    expect(res.statusCode, res.body).toBe(200);
    const audits = (await broadsheetAudits()).filter((e) => e.entityId === `${second.id}:${jss1a.id}:${english.id}`);
    expect(audits.map((e) => e.action)).toEqual(['scores.update_after_publication']);
  });
});

describe('who may use the broadsheet', () => {
  it('keeps teachers out (403) and answers 404 for another school’s class', async () => {
    const before = await scoreRows();
    const file = csv(['Admission number', ...MTH], [adm.ada, '1', '1', '1', '1']);
    for (const client of [await teacher(), await okafor()]) {
      expect((await client.get(templateUrl())).statusCode).toBe(403);
      expect((await upload(client, file, 'jss1a.csv')).statusCode).toBe(403);
    }
    const foreign = place({ termId: otherTermId, classId: otherClassId });
    const notFound = await (await admin()).get(templateUrl('csv', foreign));
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe('Results not found');
    expect((await upload(await admin(), file, 'jss1a.csv', foreign)).statusCode).toBe(404);
    // the other school's administrator, with this school's class
    expect((await (await otherAdmin()).get(templateUrl())).statusCode).toBe(404);
    expect((await upload(await otherAdmin(), file, 'jss1a.csv')).statusCode).toBe(404);
    expect(await scoreRows()).toEqual(before);
  });
});

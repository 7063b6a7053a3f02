/**
 * A subject's scores for a class from a spreadsheet: the template to fill in (CSV or Excel), and the
 * upload of the filled-in file, saved all or nothing through the grid's own save (results.sheets.ts).
 */
import type { ScoreSheet } from '@school/shared/results/responses';
import { parseScoreInput, scoreBatchSchema, scoreProblem, type ScoreRowInput } from '@school/shared/results/scores';
import { COMPONENT_LABELS, SCORE_COMPONENTS, type Maxima, type ScoreComponent } from '@school/shared/results/types';
import {
  ADMISSION_NUMBER_COLUMN,
  SCORE_UPLOAD_COLUMNS,
  SCORE_UPLOAD_FILE_FIELD,
  SCORE_UPLOAD_MAX_BYTES,
  SCORE_UPLOAD_MAX_ROWS,
  STUDENT_COLUMN,
  type ScoreTemplateFormat,
  type ScoreUploadRowError,
} from '@school/shared/results/upload';
import { validate } from '@school/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CsvError, csvCell, parseCsv } from '../../lib/csv';
import { CSV_TYPE, type DownloadFile } from '../../lib/downloads';
import { badRequest, HttpError } from '../../lib/http-errors';
import { readLimited } from '../../lib/uploads';
import { isZip, readXlsx, writeXlsx, XLSX_TYPE, XlsxError, type SheetRow } from '../../lib/xlsx';
import type { RequestContext } from '../../policies/context';
import { getSheet, saveScores, type RosterStudent, type SheetPlace } from './results.sheets';

// ---------------------------------------------------------------- the template

/** The class's students with today's scores, under the header the upload reads. */
export async function scoreTemplate(app: FastifyInstance, ctx: RequestContext, place: SheetPlace, format: ScoreTemplateFormat): Promise<DownloadFile> {
  const sheet = await getSheet(app, ctx, place);
  const rows: Array<Array<string | number | null>> = [
    SCORE_UPLOAD_COLUMNS,
    ...sheet.rows.map((r) => [r.admissionNumber ?? '', r.name, ...SCORE_COMPONENTS.map((c) => r[c])]),
  ];
  const stem = `scores ${sheet.className} ${sheet.subjectName} ${sheet.termName} term`.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  if (format === 'xlsx') {
    const body = writeTemplateXlsx(rows, `${sheet.subjectName} ${sheet.className}`);
    return { type: XLSX_TYPE, name: `${stem}.xlsx`, body, cache: 'no-store' };
  }
  return { type: CSV_TYPE, name: `${stem}.csv`, body: templateCsv(rows), cache: 'no-store' };
}

/** A template's rows as CSV, with a byte order mark so that a spreadsheet opens the names as UTF-8. */
export function templateCsv(rows: Array<Array<string | number | null>>): string {
  return '\uFEFF' + rows.map((cells) => cells.map((cell) => csvCell(cell === null ? '' : String(cell))).join(',')).join('\r\n') + '\r\n';
}

function writeTemplateXlsx(rows: Array<Array<string | number | null>>, sheetName: string): Buffer {
  return Buffer.from(writeXlsx(rows, { sheetName, boldHeader: true, columnWidths: [20, 30, 10, 10, 12, 10] }));
}

// ---------------------------------------------------------------- the upload request

export const CHOOSE_FILE = 'Choose a CSV or Excel (.xlsx) file to upload';
const WRONG_FILE = 'Choose a CSV or Excel (.xlsx) file';
const OLD_EXCEL = 'Excel 97–2003 (.xls) files cannot be read; save the file as Excel Workbook (.xlsx) or CSV UTF-8';
const NOT_UTF8 = 'The CSV file must be UTF-8 text (in a spreadsheet: Save as “CSV UTF-8”)';

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

const placeFields = scoreBatchSchema.pick({ termId: true, classId: true, subjectId: true });

export const fileError = (message: string) => badRequest(message, { [SCORE_UPLOAD_FILE_FIELD]: message });

/** The upload's multipart form: termId, classId, subjectId and one file (≤ 2 MB). */
export async function readScoreUpload(request: FastifyRequest): Promise<{ place: SheetPlace; file: UploadedFile }> {
  const { fields, file } = await readUploadForm(request, placeFields);
  return { place: fields, file };
}

/** A multipart form of `fields` (checked by their schema: 400 with its message) and one file (≤ 2 MB) in SCORE_UPLOAD_FILE_FIELD. */
export async function readUploadForm<S extends z.ZodType>(request: FastifyRequest, schema: S): Promise<{ fields: z.output<S>; file: UploadedFile }> {
  if (!request.isMultipart()) throw fileError(CHOOSE_FILE);
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== SCORE_UPLOAD_FILE_FIELD || file) {
        part.file.resume();
        throw fileError('Send one file');
      }
      const bytes = await readLimited(part, SCORE_UPLOAD_MAX_BYTES, 'The file');
      // a form whose file input was left empty sends a nameless, empty part: no file
      if (bytes.length > 0 || part.filename) file = { bytes, filename: part.filename };
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  const checked = validate(schema, fields);
  if (!checked.success) throw badRequest(Object.values(checked.errors)[0], checked.errors);
  if (!file) throw fileError(CHOOSE_FILE);
  return { fields: checked.data, file };
}

// ---------------------------------------------------------------- reading the file

/** The file's rows with a value, each with its spreadsheet row number: an .xlsx by its bytes, otherwise UTF-8 CSV. */
export function readTable(file: UploadedFile): SheetRow[] {
  const { bytes, filename } = file;
  if (bytes.length === 0) throw fileError('The file is empty');
  if (bytes.length > SCORE_UPLOAD_MAX_BYTES) throw fileError('The file must be at most 2 MB');
  if (isZip(bytes)) {
    try {
      return readXlsx(bytes, { maxBytes: SCORE_UPLOAD_MAX_BYTES, maxRows: SCORE_UPLOAD_MAX_ROWS });
    } catch (error) {
      if (error instanceof XlsxError) throw fileError(error.message);
      throw error;
    }
  }
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) throw fileError(OLD_EXCEL);
  if (/\.xlsx$/i.test(filename)) throw fileError('The file is not a readable Excel workbook (.xlsx)');
  if (filename && !/\.(csv|txt)$/i.test(filename)) throw fileError(WRONG_FILE);
  if (bytes.includes(0)) throw fileError(WRONG_FILE);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileError(NOT_UTF8);
  }
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw fileError(error.message);
    throw error;
  }
  const rows = records.filter((r) => r.fields.some((f) => f.trim() !== '')).map((r) => ({ row: r.line, cells: r.fields }));
  if (rows.length > SCORE_UPLOAD_MAX_ROWS) {
    const max = SCORE_UPLOAD_MAX_ROWS.toLocaleString('en-NG');
    throw fileError(`The file has more than ${max} rows; upload at most ${max}`);
  }
  return rows;
}

// ---------------------------------------------------------------- checking the rows

/** 'Admission number', 'admission_no', ' ADMISSION NUMBER ' → one key. */
export const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '');
/** A name or admission number as typed: case and spacing aside. */
const loose = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** The header names of the columns that say who a row is. */
export const WHO_KEYS = {
  admission: ['admissionnumber', 'admissionno', 'registrationnumber', 'registrationno', 'regno'],
  student: ['student', 'name', 'studentname'],
};

const HEADER_KEYS: Record<'admission' | 'student' | ScoreComponent, string[]> = {
  ...WHO_KEYS,
  ...(Object.fromEntries(SCORE_COMPONENTS.map((c) => [c, [squash(COMPONENT_LABELS[c])]])) as Record<ScoreComponent, string[]>),
};

type Header = Partial<Record<keyof typeof HEADER_KEYS, number>>;

/** The 400 of a file with wrong rows: the first problem as the message, every one in `rows`. */
export function refuse(problems: ScoreUploadRowError[]): HttpError {
  const first = problems[0];
  return new HttpError(400, `Row ${first.row}: ${first.message}`, undefined, { rows: problems });
}

function readHeader(row: SheetRow): Header {
  const header: Header = {};
  row.cells.forEach((cell, index) => {
    const key = squash(cell);
    for (const [column, names] of Object.entries(HEADER_KEYS) as Array<[keyof typeof HEADER_KEYS, string[]]>) {
      if (names.includes(key) && header[column] === undefined) header[column] = index;
    }
  });
  if (Object.keys(header).length === 0) {
    throw refuse([{ row: row.row, message: `The first row must be the header: ${SCORE_UPLOAD_COLUMNS.join(', ')}` }]);
  }
  const missing = SCORE_COMPONENTS.filter((c) => header[c] === undefined).map((c) => COMPONENT_LABELS[c]);
  if (header.admission === undefined && header.student === undefined) missing.unshift(`${ADMISSION_NUMBER_COLUMN} (or ${STUDENT_COLUMN})`);
  if (missing.length > 0) throw refuse([{ row: row.row, message: `The header has no column ${missing.join(', ')}` }]);
  return header;
}

/**
 * Who each row of a file is, against the class's students: by admission number, or by the name as
 * the template shows it when that cell is empty; a student on two rows is a problem of the later one.
 * Problems go to `problem`; a row not found answers undefined.
 */
export function studentFinder(check: { roster: RosterStudent[]; className: string }) {
  const byAdmission = new Map(check.roster.map((s) => [loose(s.admissionNumber), s]));
  const byName = new Map<string, RosterStudent[]>();
  for (const s of check.roster) byName.set(loose(s.name), [...(byName.get(loose(s.name)) ?? []), s]);
  const seen = new Map<string, number>();
  return (row: number, admission: string, name: string, problem: (message: string) => void): RosterStudent | undefined => {
    let student: RosterStudent | undefined;
    if (admission) {
      student = byAdmission.get(loose(admission));
      if (!student) problem(`No student of ${check.className} has admission number “${admission}”`);
    } else if (name) {
      const named = byName.get(loose(name)) ?? [];
      if (named.length === 1) student = named[0];
      else if (named.length > 1) problem(`More than one student of ${check.className} is named “${name}”; give the admission number`);
      else problem(`No student of ${check.className} is named “${name}”`);
    } else {
      problem(`Give the student’s ${ADMISSION_NUMBER_COLUMN.toLowerCase()} or name`);
    }
    if (student) {
      const earlier = seen.get(student.studentId);
      if (earlier !== undefined) problem(`${student.name} appears more than once (also on row ${earlier})`);
      else seen.set(student.studentId, row);
    }
    return student;
  };
}

/**
 * The file's rows as the grid's rows, every row checked first: the header, who the row is (by
 * admission number, or by the name as the template shows it when that cell is empty), a student
 * twice, and every score by the grid's rule. Any problem refuses the whole file (400 listing each
 * problem with its row number). A blank score cell is no score; students not in the file are not sent.
 */
export function rowsOfTable(table: SheetRow[], check: { roster: RosterStudent[]; maxima: Maxima; className: string }): ScoreRowInput[] {
  if (table.length === 0) throw fileError('The file is empty');
  const header = readHeader(table[0]);
  const body = table.slice(1);
  if (body.length === 0) throw refuse([{ row: table[0].row, message: 'The file has no students under the header row' }]);

  const find = studentFinder(check);
  const problems: ScoreUploadRowError[] = [];
  const rows: ScoreRowInput[] = [];
  for (const { row, cells } of body) {
    const cell = (index: number | undefined) => (index === undefined ? '' : (cells[index] ?? '').trim());
    const admission = cell(header.admission);
    const name = cell(header.student);
    const problem = (message: string) => problems.push({ row, message });
    const student = find(row, admission, name, problem);
    const who = student?.name ?? (name || admission || 'This row');
    const values = {} as Record<ScoreComponent, number | null>;
    for (const component of SCORE_COMPONENTS) {
      const value = parseScoreInput(cell(header[component]));
      const wrong = scoreProblem(component, value, check.maxima);
      if (wrong) problem(`${who}: ${wrong}`);
      values[component] = value;
    }
    if (student) rows.push({ studentId: student.studentId, ...values });
  }
  if (problems.length > 0) throw refuse(problems);
  return rows;
}

/**
 * Saves an uploaded file's scores exactly as the grid saves (same rights, same rules, same audit):
 * all rows or none. Answers the saved sheet.
 */
export async function uploadScores(app: FastifyInstance, ctx: RequestContext, place: SheetPlace, file: UploadedFile): Promise<ScoreSheet> {
  // the place and the caller's right to it are checked before the file is read
  return saveScores(app, ctx, place, (check) => rowsOfTable(readTable(file), check), 'upload');
}

/**
 * A class's scores in every subject for a term as ONE spreadsheet (administrators): the template, a
 * column per subject and score component pre-filled with today's scores, and the upload of the
 * filled-in file, checked whole and saved all or nothing across subjects through the grid's own
 * write (results.sheets.ts), each subject audited as its grid's save is.
 */
import type { ScoreRowInput } from '@school/shared/results/scores';
import { parseScoreInput, scoreBatchSchema, scoreProblem } from '@school/shared/results/scores';
import { SCORE_COMPONENTS, type Maxima, type ScoreComponent } from '@school/shared/results/types';
import {
  ADMISSION_NUMBER_COLUMN,
  broadsheetColumnName,
  STUDENT_COLUMN,
  type BroadsheetUploadResult,
  type ScoreTemplateFormat,
  type ScoreUploadRowError,
} from '@school/shared/results/upload';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSV_TYPE, type DownloadFile } from '../../lib/downloads';
import { writeXlsx, XLSX_TYPE, type SheetRow } from '../../lib/xlsx';
import type { RequestContext } from '../../policies/context';
import { computeClassTermResults, getResultSettings } from './results.engine';
import { classSheets, rosterOf, writeSheet, type OpenSheet, type RosterStudent } from './results.sheets';
import { fileError, readTable, readUploadForm, refuse, squash, studentFinder, templateCsv, WHO_KEYS, type UploadedFile } from './results.upload';

export interface ClassPlace {
  classId: string;
  termId: string;
}

/** A subject of the class as the file names it: `prefix` starts each of its columns (“MTH” in “MTH Test 1”). */
interface SubjectColumns {
  sheet: OpenSheet;
  prefix: string;
  /** every name the file may use for the subject: its code (when not blank) and its name */
  names: string[];
}

/** The class's subjects in the grid's order, each headed by its code, or by its name when the code is blank or another subject's too. */
function subjectColumns(sheets: Array<OpenSheet & { subjectCode: string }>): SubjectColumns[] {
  const codeCount = new Map<string, number>();
  for (const s of sheets) codeCount.set(squash(s.subjectCode), (codeCount.get(squash(s.subjectCode)) ?? 0) + 1);
  return sheets.map(({ subjectCode, ...sheet }) => {
    const code = subjectCode.trim();
    const usable = squash(code) !== '' && codeCount.get(squash(code)) === 1;
    return { sheet, prefix: usable ? code : sheet.subject.name, names: [code, sheet.subject.name].filter((n) => squash(n) !== '') };
  });
}

const columnOf = (subject: SubjectColumns, component: ScoreComponent) => broadsheetColumnName(subject.prefix, component);

// ---------------------------------------------------------------- the template

/** The class's students with today's scores in every subject, under the header the upload reads. */
export async function broadsheetTemplate(app: FastifyInstance, ctx: RequestContext, place: ClassPlace, format: ScoreTemplateFormat): Promise<DownloadFile> {
  const { actor, where, className, sheets } = await classSheets(app, ctx, place);
  const subjects = subjectColumns(sheets);
  // today's scores, also after publication, as the grid shows them
  const results = await computeClassTermResults(app.db, { schoolId: actor.schoolId, classId: place.classId, termId: place.termId, live: true });
  const indexOf = new Map(results.subjects.map((s, i) => [s.subjectId, i]));
  const rows: Array<Array<string | number | null>> = [
    [ADMISSION_NUMBER_COLUMN, STUDENT_COLUMN, ...subjects.flatMap((s) => SCORE_COMPONENTS.map((c) => columnOf(s, c)))],
    ...results.students.map((student) => [
      student.admissionNumber ?? '',
      student.name,
      ...subjects.flatMap((s) => {
        const scores = student.subjects[indexOf.get(s.sheet.subject.id)!];
        return SCORE_COMPONENTS.map((c) => scores?.[c] ?? null);
      }),
    ]),
  ];
  const stem = `scores ${className} all subjects ${where.termName} term`.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  if (format === 'xlsx') {
    const widths = [20, 30, ...subjects.flatMap((s) => SCORE_COMPONENTS.map((c) => Math.max(10, columnOf(s, c).length + 2)))];
    const body = Buffer.from(writeXlsx(rows, { sheetName: `${className} ${where.termName} term`, boldHeader: true, columnWidths: widths }));
    return { type: XLSX_TYPE, name: `${stem}.xlsx`, body, cache: 'no-store' };
  }
  return { type: CSV_TYPE, name: `${stem}.csv`, body: templateCsv(rows), cache: 'no-store' };
}

// ---------------------------------------------------------------- the upload

const classFields = scoreBatchSchema.pick({ termId: true, classId: true });

/** The upload's multipart form: termId, classId and one file (≤ 2 MB). */
export async function readBroadsheetUpload(request: FastifyRequest): Promise<{ place: ClassPlace; file: UploadedFile }> {
  const { fields, file } = await readUploadForm(request, classFields);
  return { place: fields, file };
}

interface BroadsheetHeader {
  admission?: number;
  student?: number;
  /** the subjects the file has columns for, each with the column of every component */
  subjects: Array<{ subject: SubjectColumns; columns: Record<ScoreComponent, number> }>;
}

/**
 * The header, checked whole: a column saying who the row is, and for each subject in the file all of
 * its score columns (a subject not in the file is left as it is); a column naming no subject and
 * component, naming more than one, or twice, refuses the file.
 */
function readBroadsheetHeader(row: SheetRow, subjects: SubjectColumns[], className: string): BroadsheetHeader {
  const targets = new Map<string, Array<{ subject: number; component: ScoreComponent }>>();
  subjects.forEach((subject, index) => {
    for (const component of SCORE_COMPONENTS)
      for (const name of new Set(subject.names.map((n) => squash(broadsheetColumnName(n, component))))) {
        targets.set(name, [...(targets.get(name) ?? []), { subject: index, component }]);
      }
  });
  const example = subjects.length > 0 ? `“${columnOf(subjects[0], 'test1')}”` : '“MTH Test 1”';
  const header: BroadsheetHeader = { subjects: [] };
  const found = new Map<number, Partial<Record<ScoreComponent, number>>>();
  const problems: string[] = [];
  row.cells.forEach((cell, index) => {
    const key = squash(cell);
    if (key === '') return;
    if (WHO_KEYS.admission.includes(key)) {
      header.admission ??= index;
      return;
    }
    if (WHO_KEYS.student.includes(key)) {
      header.student ??= index;
      return;
    }
    const named = targets.get(key) ?? [];
    const text = cell.trim();
    if (named.length === 0) {
      problems.push(`Unknown column “${text}”: name each score column by a subject of ${className} and a score, like ${example}`);
    } else if (named.length > 1) {
      const which = named.map((t) => subjects[t.subject].sheet.subject.name).join(', ');
      problems.push(
        `The column “${text}” could be more than one subject (${which}); use the subject’s name, like “${broadsheetColumnName(subjects[named[0].subject].sheet.subject.name, named[0].component)}”`,
      );
    } else {
      const [{ subject, component }] = named;
      const columns = found.get(subject) ?? {};
      if (columns[component] !== undefined) problems.push(`The column “${columnOf(subjects[subject], component)}” appears more than once`);
      else columns[component] = index;
      found.set(subject, columns);
    }
  });
  if (header.admission === undefined && header.student === undefined && found.size === 0) {
    throw refuse([
      {
        row: row.row,
        message: `The first row must be the header: ${ADMISSION_NUMBER_COLUMN}, ${STUDENT_COLUMN}, then a column per subject and score, like ${example}`,
      },
    ]);
  }
  if (header.admission === undefined && header.student === undefined)
    problems.unshift(`The header has no column ${ADMISSION_NUMBER_COLUMN} (or ${STUDENT_COLUMN})`);
  subjects.forEach((subject, index) => {
    const columns = found.get(index);
    if (!columns) return;
    const missing = SCORE_COMPONENTS.filter((c) => columns[c] === undefined);
    if (missing.length > 0) problems.push(`The header has no column ${missing.map((c) => columnOf(subject, c)).join(', ')}`);
    else header.subjects.push({ subject, columns: columns as Record<ScoreComponent, number> });
  });
  if (found.size === 0 && problems.length === 0) {
    problems.push(subjects.length === 0 ? `${className} has no subjects to upload scores for` : `The header has no score columns: name them like ${example}`);
  }
  if (problems.length > 0) throw refuse(problems.map((message) => ({ row: row.row, message })));
  return header;
}

/**
 * The file's rows as each subject's grid rows, every row and every cell checked first as a subject's
 * upload checks them (who the row is, a student twice, each score by the grid's rule against the
 * maxima). Any problem refuses the whole file, listing each with its spreadsheet row.
 */
export function rowsOfBroadsheet(
  table: SheetRow[],
  check: { roster: RosterStudent[]; maxima: Maxima; className: string; subjects: SubjectColumns[] },
): Array<{ sheet: OpenSheet; rows: ScoreRowInput[] }> {
  if (table.length === 0) throw fileError('The file is empty');
  const header = readBroadsheetHeader(table[0], check.subjects, check.className);
  const body = table.slice(1);
  if (body.length === 0) throw refuse([{ row: table[0].row, message: 'The file has no students under the header row' }]);

  const find = studentFinder(check);
  const problems: ScoreUploadRowError[] = [];
  const saved = header.subjects.map(({ subject }) => ({ sheet: subject.sheet, rows: [] as ScoreRowInput[] }));
  for (const { row, cells } of body) {
    const cell = (index: number | undefined) => (index === undefined ? '' : (cells[index] ?? '').trim());
    const admission = cell(header.admission);
    const name = cell(header.student);
    const problem = (message: string) => problems.push({ row, message });
    const student = find(row, admission, name, problem);
    const who = student?.name ?? (name || admission || 'This row');
    header.subjects.forEach(({ subject, columns }, index) => {
      const values = {} as Record<ScoreComponent, number | null>;
      for (const component of SCORE_COMPONENTS) {
        const value = parseScoreInput(cell(columns[component]));
        const wrong = scoreProblem(component, value, check.maxima);
        if (wrong) problem(`${who}: ${subject.prefix} ${wrong}`);
        values[component] = value;
      }
      if (student) saved[index].rows.push({ studentId: student.studentId, ...values });
    });
  }
  if (problems.length > 0) throw refuse(problems);
  return saved;
}

/**
 * Saves an uploaded broadsheet: every subject the file has columns for, in one transaction (all
 * subjects or none), each written and audited as its grid's save. Answers, per subject, how many
 * students' scores changed.
 */
export async function uploadBroadsheet(app: FastifyInstance, ctx: RequestContext, place: ClassPlace, file: UploadedFile): Promise<BroadsheetUploadResult> {
  // the class and the caller's right to each subject are checked before the file is read
  const { actor, where, className, sheets } = await classSheets(app, ctx, place);
  const subjects = subjectColumns(sheets);
  const table = readTable(file);
  return app.db.transaction(async (tx) => {
    const [settings, roster] = await Promise.all([getResultSettings(tx, actor.schoolId), rosterOf(tx, actor.schoolId, place.classId)]);
    const bySubject = rowsOfBroadsheet(table, { roster, maxima: settings.maxima, className, subjects });
    const saved: BroadsheetUploadResult['subjects'] = [];
    for (const { sheet, rows } of bySubject) {
      const { changed } = await writeSheet(tx, ctx, actor, sheet, () => rows, 'broadsheet');
      saved.push({ subjectId: sheet.subject.id, subjectName: sheet.subject.name, changed });
    }
    return { termId: place.termId, termName: where.termName, classId: place.classId, className, subjects: saved };
  });
}

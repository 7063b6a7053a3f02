import { IMPORT_FILE_FIELD, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportMode } from '@school/shared/admissions/schemas';
import type { FastifyRequest } from 'fastify';
import { CsvError, parseCsv, type CsvRecord } from './csv';
import { badRequest } from './http-errors';
import { readLimited } from './uploads';
import { isZip, readXlsx, XlsxError } from './xlsx';

/**
 * What a CSV import (students, staff) does with its checked rows, whatever it imports:
 * all-or-nothing refuses the file when a row is wrong (400 with the report, nothing written);
 * valid-rows-only writes the good rows and reports the rest; a dry run only reports.
 */
/** The report an import answers: each row's check, and how many were imported and skipped. */
export interface RowsReport<RowReport> {
  mode: ImportMode;
  dryRun: boolean;
  rows: RowReport[];
  imported: number;
  skipped: number;
}

export interface ImportOutcome<Report> {
  /** 400 when the mode is all-or-nothing and a row is wrong (nothing was written). */
  statusCode: 200 | 400;
  message?: string;
  report: Report;
}

/**
 * The rows to write and the report of the import; `done` is the answer when nothing is to be written
 * (refused, a dry run, or no good row), otherwise the caller writes `toWrite` and answers `report`.
 */
export function planImport<Row extends { report: { ok: boolean } }>(
  checked: Row[],
  input: { mode: ImportMode; dryRun: boolean },
): { toWrite: Row[]; report: RowsReport<Row['report']>; done: ImportOutcome<RowsReport<Row['report']>> | null } {
  const good = checked.filter((row) => row.report.ok);
  const bad = checked.length - good.length;
  const blocked = input.mode === 'all-or-nothing' && bad > 0;
  const toWrite = blocked ? [] : good;
  const report: RowsReport<Row['report']> = {
    mode: input.mode,
    dryRun: input.dryRun,
    rows: checked.map((row) => row.report),
    imported: toWrite.length,
    skipped: checked.length - toWrite.length,
  };
  if (blocked) {
    const message = `${bad} of ${checked.length} row${checked.length === 1 ? ' has' : 's have'} errors, so nothing was imported. Correct them and import again.`;
    return { toWrite, report, done: input.dryRun ? { statusCode: 200, report } : { statusCode: 400, message, report } };
  }
  return { toWrite, report, done: input.dryRun || toWrite.length === 0 ? { statusCode: 200, report } : null };
}

// ---------------------------------------------------------------- reading the file (students, staff)

export const CHOOSE_CSV = 'Choose a CSV file to import';
const WRONG_FILE = 'Choose a CSV file (in a spreadsheet: Save as “CSV UTF-8”)';
const NOT_UTF8 = 'The file must be UTF-8 text (in a spreadsheet: Save as “CSV UTF-8”)';

/** A 400 about the import's file, under its `file` field. */
export const importFileError = (message: string) => badRequest(message, { file: message });

export interface ImportFile {
  bytes: Buffer;
  filename: string;
}

/** The import request: multipart with the CSV `file` (≤ 2 MB) and the text fields (`mode`, `dryRun`); the file is null when none was chosen. */
export async function readImportForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file: ImportFile | null }> {
  if (!request.isMultipart()) throw importFileError(CHOOSE_CSV);
  const fields: Record<string, unknown> = {};
  let file: ImportFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== IMPORT_FILE_FIELD || file) {
        part.file.resume();
        throw importFileError('Send one CSV file');
      }
      const bytes = await readLimited(part, IMPORT_MAX_BYTES, 'The CSV file');
      // a form whose file input was left empty sends a nameless, empty part: no file
      if (bytes.length > 0 || part.filename) file = { bytes, filename: part.filename };
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}

/** The file's text, refusing what is not a UTF-8 text file. */
export function importText(bytes: Buffer, filename: string): string {
  if (filename && !/\.(csv|txt)$/i.test(filename)) throw importFileError(WRONG_FILE);
  if (bytes.length === 0) throw importFileError('The file is empty');
  if (bytes.includes(0)) throw importFileError(WRONG_FILE);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw importFileError(NOT_UTF8);
  }
}

export const CHOOSE_CSV_OR_XLSX = 'Choose a CSV or Excel (.xlsx) file to import';
const WRONG_SHEET = 'Choose a CSV file or an Excel workbook (.xlsx)';
const OLD_EXCEL = 'Excel 97–2003 (.xls) files cannot be read; save the file as Excel Workbook (.xlsx) or CSV UTF-8';

/**
 * The records of an import that takes a spreadsheet as it is: an Excel workbook's first worksheet
 * (known by its bytes, whatever its name), otherwise UTF-8 CSV. Each record keeps the row number the
 * spreadsheet shows, so a row's errors can be found in the file; blank rows are left out.
 */
export function importRecords(file: ImportFile): CsvRecord[] {
  const { bytes, filename } = file;
  if (bytes.length === 0) throw importFileError('The file is empty');
  if (isZip(bytes)) {
    try {
      // the header and at most IMPORT_MAX_ROWS rows under it
      return readXlsx(bytes, { maxBytes: IMPORT_MAX_BYTES, maxRows: IMPORT_MAX_ROWS + 1 }).map((r) => ({ line: r.row, fields: r.cells }));
    } catch (error) {
      if (error instanceof XlsxError) throw importFileError(error.message);
      throw error;
    }
  }
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) throw importFileError(OLD_EXCEL);
  if (/\.xlsx$/i.test(filename)) throw importFileError('The file is not a readable Excel workbook (.xlsx)');
  if (filename && !/\.(csv|txt)$/i.test(filename)) throw importFileError(WRONG_SHEET);
  try {
    return parseCsv(importText(bytes, ''));
  } catch (error) {
    if (error instanceof CsvError) throw importFileError(error.message);
    throw error;
  }
}

/** A cell or a list value as one key: 'JSS 1', 'jss1', 'Jss-1' → 'jss1'. */
export const importKey = (value: string) => value.replace(/[\s_-]+/g, '').toLowerCase();

/** 'DD/MM/YYYY' (or D/M/YYYY) as 'YYYY-MM-DD'; anything else as it is, for the schema to judge. */
export function importDate(value: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  return match ? `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}` : value;
}

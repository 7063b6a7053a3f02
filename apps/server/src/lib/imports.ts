import type { ImportMode } from '@school/shared/admissions/schemas';

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

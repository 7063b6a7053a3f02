import type { ImportMode } from '@school/shared/admissions/schemas';
import { api, isApiError } from '@/lib/api-client';

/** What the import screen sends: the file, the choice on errors, and whether it is a preview. */
export interface ImportInput {
  file: File;
  mode: ImportMode;
  dryRun: boolean;
}

/** A row of an import's report: the line of the file, its name and its errors by column. */
export interface ImportRowBase {
  line: number;
  ok: boolean;
  errors: Record<string, string>;
  name: string;
}

/** The row-by-row report a CSV import answers (the students' and the staff's). */
export interface ImportReportBase<Row extends ImportRowBase = ImportRowBase> {
  mode: ImportMode;
  dryRun: boolean;
  rows: Row[];
  imported: number;
  skipped: number;
}

/** The server's answer: the report, and the refusal's message when all-or-nothing found a wrong row. */
export interface ImportOutcome<Report> {
  report: Report;
  refused: string | null;
}

function isReport(value: unknown): value is ImportReportBase {
  return typeof value === 'object' && value !== null && Array.isArray((value as ImportReportBase).rows);
}

/** Posts an import's form; all-or-nothing with a wrong row answers 400 with the report, which is an outcome, not an error. */
export async function postImport<Report extends ImportReportBase>(url: string, form: FormData): Promise<ImportOutcome<Report>> {
  try {
    return { report: await api.post<Report>(url, form), refused: null };
  } catch (error) {
    // nothing written: the row-by-row report says why
    if (isApiError(error) && error.status === 400 && isReport(error.body)) return { report: error.body as Report, refused: error.message };
    throw error;
  }
}

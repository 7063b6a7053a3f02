import { IMPORT_MAX_BYTES, type ImportMode } from '@school/shared/admissions/schemas';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { ImportInput, ImportOutcome, ImportReportBase, ImportRowBase } from './import-outcome';
import { ImportReportView, type ImportColumns, type ImportNoun } from './import-report';

const MODE_TITLES: Record<ImportMode, string> = {
  'all-or-nothing': 'Import nothing if any row has an error',
  'valid-rows-only': 'Import the correct rows, skip the rest',
};

/** Checks the chosen file before sending it (a CSV file, or also an Excel workbook when the import reads one); the server checks it again. */
export function importFileProblem(file: File, excel = false): string | null {
  if (excel) {
    if (!/\.(csv|txt|xlsx)$/i.test(file.name)) return 'Choose a CSV file or an Excel workbook (.xlsx)';
    if (file.size > IMPORT_MAX_BYTES) return 'The file must be at most 2 MB';
    return null;
  }
  if (!/\.(csv|txt)$/i.test(file.name)) return 'Choose a CSV file (in a spreadsheet: Save as “CSV UTF-8”)';
  if (file.size > IMPORT_MAX_BYTES) return 'The CSV file must be at most 2 MB';
  return null;
}

export interface CsvImportScreenProps<Row extends ImportRowBase, Report extends ImportReportBase<Row>> {
  /** The page's title (and the document's). */
  title: string;
  description: string;
  /** Beside the title, e.g. a link to add one record. */
  actions?: ReactNode;
  /** Between the header and the steps, e.g. the feature's tabs. */
  tabs?: ReactNode;
  /** What a row is, for the summary and the toast. */
  noun: ImportNoun;
  /** Step 1: how to fill in the file. */
  instructions: ReactNode;
  /** The file's columns, in the template's order. */
  fileColumns: readonly string[];
  template: { csv: string; fileName: string };
  /** Beside the template: other files to start from, e.g. the template filled in with the school's own records. */
  templateLinks?: ReactNode;
  /** The server reads an Excel workbook (.xlsx) as well as CSV. */
  excel?: boolean;
  /** What each choice on errors does, in this import's words. */
  modeTexts: Record<ImportMode, string>;
  /** The preview and the import: one request, `dryRun` tells which. */
  run: UseMutationResult<ImportOutcome<Report>, Error, ImportInput>;
  columns: ImportColumns<Row>;
  /** Under the report once rows were written: where they are, the invitation codes. */
  afterImport: (report: Report) => ReactNode;
  /** Sections after the steps. */
  children?: ReactNode;
}

/**
 * A CSV import with a preview first (the students', the staff's): the template and the file, the
 * choice on rows with errors, then preview or import, with the row-by-row report.
 */
export function CsvImportScreen<Row extends ImportRowBase, Report extends ImportReportBase<Row>>(props: CsvImportScreenProps<Row, Report>) {
  const { run, noun } = props;
  useDocumentTitle(props.title);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mode, setMode] = useState<ImportMode>('all-or-nothing');
  const [outcome, setOutcome] = useState<ImportOutcome<Report> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const imported = outcome && !outcome.report.dryRun && outcome.report.imported > 0;

  const send = async (dryRun: boolean) => {
    setError(null);
    if (!file) {
      setFileError(props.excel ? 'Choose a CSV or Excel (.xlsx) file to import' : 'Choose a CSV file to import');
      return;
    }
    try {
      const result = await run.mutateAsync({ file, mode, dryRun });
      setOutcome(result);
      const n = result.report.imported;
      if (!dryRun && n > 0) toast.success(`${n} ${n === 1 ? noun.one : noun.many} imported`);
    } catch (e) {
      setOutcome(null);
      if (isApiError(e) && e.errors.file) setFileError(e.errors.file);
      else setError(isApiError(e) ? e.message : 'Something went wrong. Please try again.');
    }
  };

  const reset = () => {
    setOutcome(null);
    setError(null);
  };

  return (
    <>
      <PageHeader title={props.title} description={props.description} actions={props.actions} />
      {props.tabs}
      <div className="space-y-6">
        <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby={`${fileId}-file-title`}>
          <h2 id={`${fileId}-file-title`} className="text-base font-semibold text-slate-900">
            1. Prepare the file
          </h2>
          {props.instructions}
          <p className="mt-2 text-xs break-words text-slate-500">
            Columns: <span className="font-mono">{props.fileColumns.join(', ')}</span>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(props.template.csv)}`}
              download={props.template.fileName}
              className={buttonClasses({ variant: 'gray', size: 'sm' })}
            >
              Download the template (CSV)
            </a>
            {props.templateLinks}
          </div>

          <div className="mt-5">
            <label htmlFor={fileId} className="field-label">
              {props.excel ? 'CSV or Excel file' : 'CSV file'}
            </label>
            <input
              id={fileId}
              type="file"
              accept={props.excel ? '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : '.csv,text/csv'}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${fileId}-help`}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                const problem = chosen ? importFileProblem(chosen, props.excel) : null;
                setFileError(problem);
                setFile(problem ? null : chosen);
                reset();
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-secondary hover:file:bg-primary-100"
            />
            {fileError ? (
              <p id={`${fileId}-help`} className="field-error">
                {fileError}
              </p>
            ) : (
              <p id={`${fileId}-help`} className="mt-1.5 text-xs text-slate-500">
                {props.excel ? 'UTF-8 CSV or an Excel workbook (.xlsx, its first sheet), with a header row.' : 'UTF-8 CSV with a header row.'}
              </p>
            )}
          </div>
        </section>

        <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <fieldset>
            <legend className="text-base font-semibold text-slate-900">2. If some rows have errors</legend>
            <p className="mt-1 text-sm text-slate-600">Choose before you import. The preview shows what this choice would do.</p>
            <div className="mt-3 grid gap-3 md:grid-cols-2">
              {(Object.keys(MODE_TITLES) as ImportMode[]).map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border p-3.5 transition-colors',
                    mode === value ? 'border-secondary bg-primary-50' : 'border-slate-200 hover:border-slate-300',
                  )}
                >
                  <input
                    type="radio"
                    name="mode"
                    value={value}
                    checked={mode === value}
                    onChange={() => {
                      setMode(value);
                      reset();
                    }}
                    className="mt-0.5 size-4 shrink-0 accent-secondary"
                  />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{MODE_TITLES[value]}</span>
                    <span className="mt-0.5 block text-sm text-slate-600">{props.modeTexts[value]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </section>

        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby={`${fileId}-run-title`}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 id={`${fileId}-run-title`} className="text-base font-semibold text-slate-900">
                3. Preview, then import
              </h2>
              <p className="mt-1 text-sm text-slate-600">The preview checks every row and changes nothing.</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="gray"
                onClick={() => void send(true)}
                loading={run.isPending && run.variables?.dryRun}
                loadingText="Checking…"
                disabled={run.isPending}
              >
                Preview
              </Button>
              <Button
                variant="primary"
                onClick={() => void send(false)}
                loading={run.isPending && run.variables?.dryRun === false}
                loadingText="Importing…"
                disabled={run.isPending || Boolean(imported)}
              >
                Import
              </Button>
            </div>
          </div>
          {error ? <Alert>{error}</Alert> : null}
          {outcome ? (
            <ImportReportView<Row>
              key={`${outcome.report.dryRun}-${outcome.report.imported}`}
              report={outcome.report}
              refused={outcome.refused}
              noun={noun}
              columns={props.columns}
            />
          ) : null}
          {imported ? props.afterImport(outcome.report) : null}
        </section>

        {props.children}
      </div>
    </>
  );
}

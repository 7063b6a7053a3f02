import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TEMPLATE_CSV, type ImportMode } from '@school/shared/admissions/schemas';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useImportStudents, type ImportOutcome } from '../api/import-students';
import { AdmissionsTabs } from '../components/admissions-tabs';
import { ImportReportView } from '../components/import-report';
import { ClassInvitationSlips, InvitationCodes } from '../components/invitation-slips';

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(IMPORT_TEMPLATE_CSV)}`;

const MODES: Array<{ value: ImportMode; title: string; text: string }> = [
  {
    value: 'all-or-nothing',
    title: 'Import nothing if any row has an error',
    text: 'The safest choice. If even one row is wrong, no student is admitted; correct the file and import it again.',
  },
  {
    value: 'valid-rows-only',
    title: 'Import the correct rows, skip the rest',
    text: 'Students on correct rows are admitted now. Rows with errors are listed so you can correct them and import them in a new file.',
  },
];

/** Checks the chosen file before sending it; the server checks it again. */
export function importFileProblem(file: File): string | null {
  if (!/\.(csv|txt)$/i.test(file.name)) return 'Choose a CSV file (in a spreadsheet: Save as “CSV UTF-8”)';
  if (file.size > IMPORT_MAX_BYTES) return 'The CSV file must be at most 2 MB';
  return null;
}

/** admin/admissions/import: admit many students from a CSV file, with a preview first. */
export function Component() {
  useDocumentTitle('Import students');
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mode, setMode] = useState<ImportMode>('all-or-nothing');
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useImportStudents();
  const imported = outcome && !outcome.report.dryRun && outcome.report.imported > 0;

  const send = async (dryRun: boolean) => {
    setError(null);
    if (!file) {
      setFileError('Choose a CSV file to import');
      return;
    }
    try {
      const result = await run.mutateAsync({ file, mode, dryRun });
      setOutcome(result);
      if (!dryRun && result.report.imported > 0) toast.success(`${result.report.imported} student${result.report.imported === 1 ? '' : 's'} imported`);
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
      <PageHeader
        title="Import students"
        description="Admit many students at once from a spreadsheet saved as CSV."
        actions={
          <Link to="/admin/admissions/admit" className={buttonClasses({ variant: 'gray' })}>
            Admit one student
          </Link>
        }
      />
      <AdmissionsTabs />
      <div className="space-y-6">
        <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby={`${fileId}-file-title`}>
          <h2 id={`${fileId}-file-title`} className="text-base font-semibold text-slate-900">
            1. Prepare the file
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Use the template: one student per row under the header row, at most {IMPORT_MAX_ROWS.toLocaleString('en-NG')} rows and 2 MB. Dates as YYYY-MM-DD or
            DD/MM/YYYY; gender as male, female, M or F; leave <span className="font-mono">arm</span> empty to use the arm with the fewest students.
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600" aria-label="Optional columns">
            <li>
              <span className="font-mono">admission_number</span>: your school’s own number for the student (letters, digits and / - . _, at most 30); no two
              students may share one. Left empty, a number is given.
            </li>
            <li>
              <span className="font-mono">email</span>: the student’s own email. The student gets a sign-in account and an invitation code (the parent gets one
              through <span className="font-mono">guardian_email</span> as before).
            </li>
            <li>
              <span className="font-mono">phone</span>: the student’s phone, kept with their account (so it needs an email), e.g. 08031234567; it is kept as
              +2348031234567.
            </li>
          </ul>
          <p className="mt-2 text-xs break-words text-slate-500">
            Columns: <span className="font-mono">{IMPORT_COLUMNS.join(', ')}</span>
          </p>
          <a href={TEMPLATE_HREF} download="students-import-template.csv" className={buttonClasses({ variant: 'gray', size: 'sm', className: 'mt-3' })}>
            Download the template (CSV)
          </a>

          <div className="mt-5">
            <label htmlFor={fileId} className="field-label">
              CSV file
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${fileId}-help`}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                const problem = chosen ? importFileProblem(chosen) : null;
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
                UTF-8 CSV with a header row.
              </p>
            )}
          </div>
        </section>

        <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <fieldset>
            <legend className="text-base font-semibold text-slate-900">2. If some rows have errors</legend>
            <p className="mt-1 text-sm text-slate-600">Choose before you import. The preview shows what this choice would do.</p>
            <div className="mt-3 grid gap-3 md:grid-cols-2">
              {MODES.map((m) => (
                <label
                  key={m.value}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border p-3.5 transition-colors',
                    mode === m.value ? 'border-secondary bg-primary-50' : 'border-slate-200 hover:border-slate-300',
                  )}
                >
                  <input
                    type="radio"
                    name="mode"
                    value={m.value}
                    checked={mode === m.value}
                    onChange={() => {
                      setMode(m.value);
                      reset();
                    }}
                    className="mt-0.5 size-4 shrink-0 accent-secondary"
                  />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{m.title}</span>
                    <span className="mt-0.5 block text-sm text-slate-600">{m.text}</span>
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
          {outcome ? <ImportReportView key={`${outcome.report.dryRun}-${outcome.report.imported}`} report={outcome.report} refused={outcome.refused} /> : null}
          {imported ? (
            <p className="text-sm text-slate-600">
              The students are in{' '}
              <Link to="/admin/records/students" className="font-semibold text-secondary underline">
                Records › Students
              </Link>
              .{' '}
              {outcome?.report.invitations
                ? 'Each new account has an invitation code below.'
                : 'Parents, and students with an email, who have a new account have been sent an invitation.'}
            </p>
          ) : null}
          {imported && outcome?.report.invitations ? <InvitationCodes invitations={outcome.report.invitations} /> : null}
        </section>

        <ClassInvitationSlips />
      </div>
    </>
  );
}

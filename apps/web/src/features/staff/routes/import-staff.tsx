import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportMode } from '@school/shared/admissions/schemas';
import { STAFF_TYPES } from '@school/shared/constants';
import { STAFF_IMPORT_COLUMNS, STAFF_IMPORT_TEMPLATE_CSV } from '@school/shared/staff/import';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useImportStaff, type StaffImportOutcome } from '../api/import-staff';
import { StaffImportReportView, StaffInvitationCodes } from '../components/staff-import-report';

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(STAFF_IMPORT_TEMPLATE_CSV)}`;

const MODES: Array<{ value: ImportMode; title: string; text: string }> = [
  {
    value: 'all-or-nothing',
    title: 'Import nothing if any row has an error',
    text: 'The safest choice. If even one row is wrong, nobody is added; correct the file and import it again.',
  },
  {
    value: 'valid-rows-only',
    title: 'Import the correct rows, skip the rest',
    text: 'Staff on correct rows are added now. Rows with errors are listed so you can correct them and import them in a new file.',
  },
];

/** Checks the chosen file before sending it; the server checks it again. */
function fileProblem(file: File): string | null {
  if (!/\.(csv|txt)$/i.test(file.name)) return 'Choose a CSV file (in a spreadsheet: Save as “CSV UTF-8”)';
  if (file.size > IMPORT_MAX_BYTES) return 'The CSV file must be at most 2 MB';
  return null;
}

/** admin/academics/import-staff: add many staff at once from a CSV file, with a preview first. */
export function Component() {
  useDocumentTitle('Import staff');
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mode, setMode] = useState<ImportMode>('all-or-nothing');
  const [outcome, setOutcome] = useState<StaffImportOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useImportStaff();
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
      if (!dryRun && result.report.imported > 0) toast.success(`${result.report.imported} staff member${result.report.imported === 1 ? '' : 's'} imported`);
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
        title="Import staff"
        description="Add many staff at once from a spreadsheet saved as CSV. Teachers, principals and admins get an invitation to sign in."
        actions={
          <Link to="/admin/academics/add-staff" className={buttonClasses({ variant: 'gray' })}>
            Add one staff member
          </Link>
        }
      />
      <div className="space-y-6">
        <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby={`${fileId}-file-title`}>
          <h2 id={`${fileId}-file-title`} className="text-base font-semibold text-slate-900">
            1. Prepare the file
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Use the template: one staff member per row under the header row, at most {IMPORT_MAX_ROWS.toLocaleString('en-NG')} rows and 2 MB. Every column is
            required except <span className="font-mono">email</span>, which is required for a Teacher, Principal or Admin (they sign in). Staff type is one of{' '}
            {STAFF_TYPES.join(', ')}; gender as male, female, M or F; dates as YYYY-MM-DD or DD/MM/YYYY.
          </p>
          <p className="mt-2 text-xs break-words text-slate-500">
            Columns: <span className="font-mono">{STAFF_IMPORT_COLUMNS.join(', ')}</span>
          </p>
          <a href={TEMPLATE_HREF} download="staff-import-template.csv" className={buttonClasses({ variant: 'gray', size: 'sm', className: 'mt-3' })}>
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
                const problem = chosen ? fileProblem(chosen) : null;
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
          {outcome ? (
            <StaffImportReportView key={`${outcome.report.dryRun}-${outcome.report.imported}`} report={outcome.report} refused={outcome.refused} />
          ) : null}
          {imported ? (
            <p className="text-sm text-slate-600">
              The staff are in{' '}
              <Link to="/admin/academics/staff" className="font-semibold text-secondary underline">
                Academics › Staff
              </Link>
              . {outcome?.report.invitations ? 'Each new account has an invitation code below.' : 'Staff with a new account have been sent an invitation.'}
            </p>
          ) : null}
          {imported && outcome?.report.invitations ? <StaffInvitationCodes invitations={outcome.report.invitations} /> : null}
        </section>
      </div>
    </>
  );
}

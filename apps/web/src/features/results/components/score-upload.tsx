import type { ScoreSheet } from '@school/shared/results/responses';
import { COMPONENT_LABELS, SCORE_COMPONENTS } from '@school/shared/results/types';
import { SCORE_UPLOAD_ACCEPT, SCORE_UPLOAD_COLUMNS, SCORE_UPLOAD_MAX_BYTES, type ScoreUploadRowError } from '@school/shared/results/upload';
import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { scoreTemplateUrl, uploadRowErrors, useUploadScores, type Scope, type SheetPlace } from '../api/score-sheet';

/** Checks the chosen file before sending it; the server checks it again. */
export function scoreFileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Choose a CSV or Excel (.xlsx) file';
  if (file.size > SCORE_UPLOAD_MAX_BYTES) return 'The file must be at most 2 MB';
  return null;
}

/** A refused file: the server's message, and every wrong row when it read the file. */
export interface UploadRefusal {
  message: string;
  rows: ScoreUploadRowError[];
}

/**
 * Sending a chosen spreadsheet: the kind and size checked first, the file's name announced while it
 * is sent, and a refusal kept to show (UploadRefusalAlert). `upload` saves it; `onSaved` runs after.
 */
export function useSpreadsheetUpload<T>(upload: (file: File) => Promise<T>, onSaved: (result: T) => void) {
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const send = async (file: File) => {
    setRefusal(null);
    const problem = scoreFileProblem(file);
    if (problem) {
      setRefusal({ message: problem, rows: [] });
      return;
    }
    setSending(file.name);
    try {
      onSaved(await upload(file));
    } catch (error) {
      const rows = uploadRowErrors(error) ?? [];
      setRefusal({ message: isApiError(error) ? error.message : 'Something went wrong. Please try again.', rows });
    } finally {
      setSending(null);
      // the same file, corrected and chosen again, is a new choice
      if (input.current) input.current.value = '';
    }
  };
  return { input, refusal, sending, send };
}

/**
 * The template links (CSV and Excel) and the button that picks the file to upload (a hidden file
 * input named `fileLabel`); `what` names the template in the links' labels.
 */
export function UploadControls({
  id,
  what,
  csvUrl,
  xlsxUrl,
  fileLabel,
  buttonLabel,
  upload,
}: {
  id: string;
  what: string;
  csvUrl: string;
  xlsxUrl: string;
  fileLabel: string;
  buttonLabel: string;
  upload: Pick<ReturnType<typeof useSpreadsheetUpload>, 'input' | 'sending' | 'send'>;
}) {
  const { input, sending, send } = upload;
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-slate-700" aria-hidden="true">
        Download template:
      </span>
      <a href={csvUrl} download aria-label={`Download ${what} as CSV`} className={buttonClasses({ variant: 'gray', size: 'sm' })}>
        <DownloadIcon size={16} />
        CSV
      </a>
      <a href={xlsxUrl} download aria-label={`Download ${what} as Excel`} className={buttonClasses({ variant: 'gray', size: 'sm' })}>
        <DownloadIcon size={16} />
        Excel
      </a>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={SCORE_UPLOAD_ACCEPT}
        aria-label={fileLabel}
        aria-describedby={`${id}-help`}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <Button
        variant="primary"
        size="sm"
        onClick={() => input.current?.click()}
        loading={sending !== null}
        loadingText="Uploading…"
        disabled={sending !== null}
        aria-describedby={`${id}-help`}
      >
        {buttonLabel}
      </Button>
    </div>
  );
}

/** While a file is sent, its name for screen readers; then a refusal with every wrong row (nothing was saved). */
export function UploadProgress({ sending, refusal }: { sending: string | null; refusal: UploadRefusal | null }) {
  return (
    <>
      <p role="status" className="sr-only">
        {sending ? `Uploading ${sending}…` : ''}
      </p>
      {refusal ? (
        <Alert className="mt-3">
          <p className="font-semibold">{refusal.rows.length > 0 ? 'Nothing was saved. Correct these rows and upload the file again:' : refusal.message}</p>
          {refusal.rows.length > 0 ? (
            <ul className="mt-1.5 max-h-60 list-disc space-y-0.5 overflow-y-auto pl-5">
              {refusal.rows.map((r, i) => (
                <li key={i}>
                  Row {r.row}: {r.message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * Beside the grid: the template to download (CSV or Excel, with today's scores) and the upload of the
 * filled-in file. The server saves every row or none; a refused file lists each wrong row. Hidden
 * when the sheet cannot be saved.
 */
export function ScoreUpload({ scope, place, sheet }: { scope: Scope; place: SheetPlace; sheet: ScoreSheet }) {
  const id = useId();
  const mutation = useUploadScores(scope);
  const upload = useSpreadsheetUpload(
    (file) => mutation.mutateAsync({ place, file }),
    () => toast.success('Scores uploaded'),
  );
  if (!sheet.canEdit) return null;

  const maxima = SCORE_COMPONENTS.map((c) => `${COMPONENT_LABELS[c]} ${sheet.maxima[c]}`).join(', ');
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
            Upload from a spreadsheet
          </h3>
          <p id={`${id}-help`} className="mt-1 text-sm text-slate-600">
            Fill in the template and upload it as CSV or Excel (.xlsx), at most 2 MB. Columns: {SCORE_UPLOAD_COLUMNS.join(', ')}; maxima {maxima}. A blank cell
            is no score; students left out of the file keep their scores. If any row is wrong nothing is saved. Scores typed here but not saved are replaced.
          </p>
        </div>
        <UploadControls
          id={id}
          what="the template"
          csvUrl={scoreTemplateUrl(scope, place, 'csv')}
          xlsxUrl={scoreTemplateUrl(scope, place, 'xlsx')}
          fileLabel="Scores file"
          buttonLabel="Upload scores"
          upload={upload}
        />
      </div>
      <UploadProgress sending={upload.sending} refusal={upload.refusal} />
    </section>
  );
}

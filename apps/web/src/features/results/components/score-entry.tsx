import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useSubmitSheet } from '../api/approvals';
import { useSaveScoreSheet, useScoreSheet, type Scope, type SheetPlace } from '../api/score-sheet';
import { SheetApprovalStatus } from './sheet-approval-status';
import { ScoreGrid } from './score-grid';
import { ScoreUpload } from './score-upload';

/** The grid of one place with its loading, error and empty states; saving toasts once the server has saved. */
export function ScoreEntry({ scope, place }: { scope: Scope; place: SheetPlace }) {
  const sheet = useScoreSheet(scope, place);
  const save = useSaveScoreSheet(scope);
  const submit = useSubmitSheet(scope);
  const [confirmingSubmit, setConfirmingSubmit] = useState(false);
  if (sheet.isPending) return <PageSpinner label="Loading scores" />;
  if (sheet.isError) {
    return (
      <Alert>
        <p>{sheet.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void sheet.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (sheet.data.rows.length === 0) {
    return <EmptyState title="No students in this class" description={`${sheet.data.className} has no students enrolled this session.`} />;
  }
  return (
    <section aria-labelledby="score-grid-title">
      <h2 id="score-grid-title" className="mb-3 text-base font-semibold text-slate-900">
        {sheet.data.subjectName} · {sheet.data.className} · {sheet.data.termName} term
        {sheet.data.published ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Published</span> : null}
      </h2>
      <SheetApprovalStatus approval={sheet.data.approval} />
      <ScoreUpload scope={scope} place={place} sheet={sheet.data} />
      <ScoreGrid
        sheet={sheet.data}
        saving={save.isPending}
        onSave={async (rows) => {
          await save.mutateAsync({ ...place, rows });
          toast.success('Scores saved');
        }}
        extraActions={({ changed }) =>
          sheet.data.approval.canSubmit ? (
            <Button
              variant="secondary"
              onClick={() => setConfirmingSubmit(true)}
              disabled={changed || save.isPending}
              title={changed ? 'Save your changes first' : undefined}
            >
              Submit sheet
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        open={confirmingSubmit}
        title="Submit this sheet?"
        message={
          scope === 'teacher'
            ? 'You will not be able to change these scores unless your class teacher returns the sheet.'
            : 'The subject teacher will not be able to change these scores unless the class teacher returns the sheet.'
        }
        confirmLabel="Submit sheet"
        loading={submit.isPending}
        onCancel={() => setConfirmingSubmit(false)}
        onConfirm={() =>
          void submit
            .mutateAsync({ termId: place.termId, classId: place.classId, subjectId: place.subjectId })
            .then(() => toast.success(`${sheet.data.subjectName} sheet submitted for ${sheet.data.className}`))
            .catch((error: unknown) => toast.error(isApiError(error) ? error.message : 'Something went wrong. Please try again.'))
            .finally(() => setConfirmingSubmit(false))
        }
      />
    </section>
  );
}

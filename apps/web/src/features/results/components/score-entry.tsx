import type { ScoreSheet } from '@school/shared/results/responses';
import type { ScoreRowInput } from '@school/shared/results/scores';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConflictDialog } from '@/components/offline/conflict-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { usePendingChange } from '@/hooks/use-outbox';
import { isApiError } from '@/lib/api-client';
import { differingRows } from '@/lib/outbox/compare';
import { conflictCurrent } from '@/lib/outbox/save-or-queue';
import { useSubmitSheet } from '../api/approvals';
import { resultKeys } from '../api/keys';
import { sheetChangeKey, useSaveScoreSheet, useScoreSheet, type Scope, type SheetPlace } from '../api/score-sheet';
import { SheetApprovalStatus } from './sheet-approval-status';
import { ScoreGrid, type ScoreGridProps } from './score-grid';
import { ScoreUpload } from './score-upload';

/** The grid of one place with its loading, error and empty states; saving toasts once the server has saved. */
export function ScoreEntry({ scope, place }: { scope: Scope; place: SheetPlace }) {
  const sheet = useScoreSheet(scope, place);
  const save = useSaveScoreSheet(scope);
  const submit = useSubmitSheet(scope);
  const queryClient = useQueryClient();
  const [confirmingSubmit, setConfirmingSubmit] = useState(false);
  // scores saved on this device and not on the server yet (issue 21) show instead of the server's
  const pending = usePendingChange(scope === 'teacher' ? sheetChangeKey(scope, place) : null);
  const [conflict, setConflict] = useState<{ rows: ScoreRowInput[]; current: ScoreSheet; message: string } | null>(null);
  // the same scores read again from the outbox (another change synced) must not reset what is being typed
  const pendingJson = JSON.stringify(pending.change ? { rows: pending.change.body.rows, status: pending.change.status } : null);
  const pendingScores = useMemo(() => JSON.parse(pendingJson) as ScoreGridProps['pending'], [pendingJson]);
  if (sheet.isPending || !pending.loaded) return <PageSpinner label="Loading scores" />;
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
  const label = `${sheet.data.subjectName} · ${sheet.data.className} · ${sheet.data.termName} term`;
  /** Sends the grid on `baseVersion`; a 409 opens the comparison instead of failing the grid. */
  const send = async (rows: ScoreRowInput[], baseVersion: string) => {
    try {
      const outcome = await save.mutateAsync({ ...place, rows, baseVersion, label });
      setConflict(null);
      if (outcome.saved) toast.success('Scores saved');
      else toast.info('Scores saved on this device: they will be sent when the connection returns');
    } catch (error) {
      const current = conflictCurrent<ScoreSheet>(error);
      if (!current) throw error;
      setConflict({ rows, current, message: isApiError(error) ? error.message : '' });
    }
  };
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
        pending={pendingScores}
        saving={save.isPending}
        onSave={(rows) => send(rows, sheet.data.version)}
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
      {conflict ? (
        <ConflictDialog
          open
          subject={label}
          message={conflict.message}
          rows={differingRows('scores', { rows: conflict.rows }, conflict.current)}
          busy={save.isPending}
          onClose={() => setConflict(null)}
          onKeepMine={() =>
            void send(conflict.rows, conflict.current.version).catch((error: unknown) => toast.error(isApiError(error) ? error.message : String(error)))
          }
          onTakeTheirs={() => {
            queryClient.setQueryData(resultKeys.sheet(scope, place), conflict.current);
            setConflict(null);
            toast.info('The scores saved meanwhile are kept');
          }}
        />
      ) : null}
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

import type { DecisionResponse } from '@school/shared/admissions/responses';
import { DECISION_CONFIRMATIONS, type Decision } from '@school/shared/admissions/schemas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';

export interface PendingDecision {
  decision: Decision;
  /** The applications and how to name them. */
  rows: Array<{ id: string; name: string; registrationNo: string }>;
  classId?: string;
  className?: string;
}

const VERBS: Record<Decision, { label: string; past: string }> = {
  accept: { label: 'Approve', past: 'accepted' },
  reject: { label: 'Reject', past: 'rejected' },
  archive: { label: 'Archive', past: 'archived' },
  restore: { label: 'Restore', past: 'restored' },
};

function who(rows: PendingDecision['rows']) {
  return rows.length === 1 ? `${rows[0].name} (${rows[0].registrationNo})` : `${rows.length} applications`;
}

function question(pending: PendingDecision): { title: string; message: string } {
  const target = who(pending.rows);
  switch (pending.decision) {
    case 'accept':
      return {
        title: `Approve ${target}?`,
        message: `${pending.rows.length === 1 ? 'The applicant becomes a student' : 'Each applicant becomes a student'}${
          pending.className ? ` of ${pending.className}` : ' in the arm of their class with the fewest students'
        }, and the guardian is invited to a parent account.`,
      };
    case 'reject':
      return { title: `Reject ${target}?`, message: 'The application is marked Rejected. You can archive it afterwards.' };
    case 'archive':
      return { title: `Archive ${target}?`, message: 'Archived applications leave this list; you can restore them from Archived.' };
    case 'restore':
      return { title: `Restore ${target}?`, message: 'The application goes back to New Enrollment as Pending.' };
  }
}

export function ConfirmDecision({
  pending,
  loading,
  onConfirm,
  onCancel,
}: {
  pending: PendingDecision | null;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const text = pending ? question(pending) : { title: '', message: '' };
  return (
    <ConfirmDialog
      open={pending !== null}
      title={text.title}
      message={text.message}
      confirmLabel={pending ? VERBS[pending.decision].label : 'Confirm'}
      tone={pending && pending.decision !== 'accept' && pending.decision !== 'restore' ? 'danger' : 'default'}
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

export interface DecisionOutcome {
  decision: Decision;
  rows: PendingDecision['rows'];
  response: DecisionResponse | null;
  /** The server refused the whole request (one application, or bad input). */
  error: string | null;
}

/** Shown only after the server has answered: the spec's confirmation, or what went wrong. */
export function DecisionOutcomeModal({ outcome, onClose }: { outcome: DecisionOutcome | null; onClose: () => void }) {
  if (!outcome) return null;
  const { decision, response, error } = outcome;
  const names = new Map(outcome.rows.map((r) => [r.id, r]));
  const succeeded = response?.results.filter((r) => r.ok) ?? [];
  const failed = response?.results.filter((r) => !r.ok) ?? [];
  const success = !error && succeeded.length > 0;
  const title = success ? DECISION_CONFIRMATIONS[decision] : `Could not ${VERBS[decision].label.toLowerCase()}`;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      role={success ? 'dialog' : 'alertdialog'}
      size="md"
      footer={
        <Button variant="primary" onClick={onClose} data-autofocus>
          OK
        </Button>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        {error ? <p>{error}</p> : null}
        {succeeded.length > 0 ? (
          <div>
            <p className="font-medium text-slate-900">
              {succeeded.length === 1 ? '1 application' : `${succeeded.length} applications`} {VERBS[decision].past}.
            </p>
            <ul className="mt-1.5 space-y-1.5">
              {succeeded.map((r) =>
                r.ok ? (
                  <li key={r.id}>
                    <span className="font-medium">{names.get(r.id)?.name ?? r.registrationNo}</span> ({r.registrationNo})
                    {r.className ? ` → ${r.className}` : ''}
                    {r.notes.length ? <span className="block text-xs text-slate-500">{r.notes.join(' ')}</span> : null}
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        ) : null}
        {failed.length > 0 ? (
          <div>
            <p className="font-medium text-red-800">Not {VERBS[decision].past}:</p>
            <ul className="mt-1.5 space-y-1.5">
              {failed.map((r) =>
                !r.ok ? (
                  <li key={r.id}>
                    <span className="font-medium">{names.get(r.id)?.name ?? r.id}</span>: {r.message}
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

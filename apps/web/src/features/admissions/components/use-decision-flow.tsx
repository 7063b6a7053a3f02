import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useDecideApplications } from '../api/decide-applications';
import { ConfirmDecision, DecisionOutcomeModal, type DecisionOutcome, type PendingDecision } from './decision-dialogs';

/**
 * Approve / Accept, Reject, Archive and Restore: ask first, send to the server, and only after its
 * answer show the confirmation ('Approved Successful'…) or what went wrong. `onDone` runs after the
 * server has answered (clear a selection, close a drawer).
 */
export function useDecisionFlow(onDone?: (outcome: DecisionOutcome) => void) {
  const decide = useDecideApplications();
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [outcome, setOutcome] = useState<DecisionOutcome | null>(null);

  async function confirm() {
    if (!pending) return;
    const { decision, rows, classId } = pending;
    let result: DecisionOutcome;
    try {
      const response = await decide.mutateAsync({ ids: rows.map((r) => r.id), decision, classId });
      result = { decision, rows, response, error: null };
    } catch (error) {
      result = { decision, rows, response: null, error: isApiError(error) ? error.message : 'Something went wrong. Please try again.' };
    }
    setPending(null);
    setOutcome(result);
    onDone?.(result);
  }

  const dialogs = (
    <>
      <ConfirmDecision pending={pending} loading={decide.isPending} onConfirm={() => void confirm()} onCancel={() => setPending(null)} />
      <DecisionOutcomeModal outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  );

  return { request: setPending, busy: decide.isPending, dialogs };
}

import type { ScoreSheet } from '@school/shared/results/responses';
import { formatDateTime } from '@/lib/format';

/** Where a score sheet stands in the approval chain: handed in (by whom, when), or returned with the class teacher's note. */
export function SheetApprovalStatus({ approval }: { approval: ScoreSheet['approval'] }) {
  if (!approval.submissionOn) return null;
  if (approval.submittedAt) {
    return (
      <p role="status" className="mb-3 rounded-lg border border-green-200 bg-green-50 px-3.5 py-2.5 text-sm text-green-900">
        Submitted{approval.submittedByName ? ` by ${approval.submittedByName}` : ''} on {formatDateTime(approval.submittedAt)}
      </p>
    );
  }
  if (approval.returnedAt) {
    return (
      <div role="status" className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900">
        <p className="font-semibold">
          Returned{approval.returnedByName ? ` by ${approval.returnedByName}` : ''} on {formatDateTime(approval.returnedAt)}
          {approval.returnNote ? ':' : ''}
        </p>
        {approval.returnNote ? <p className="mt-0.5 whitespace-pre-line">{approval.returnNote}</p> : null}
        <p className="mt-1 text-amber-800">Correct the scores, save, and submit the sheet again.</p>
      </div>
    );
  }
  if (!approval.canSubmit) return null;
  return <p className="mb-3 text-sm text-slate-600">Not submitted yet. When the scores are complete, save them and submit the sheet to the class teacher.</p>;
}

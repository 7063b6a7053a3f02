import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatDateTime } from '@/lib/format';
import type { DifferingRow } from '@/lib/outbox/compare';

export interface ConflictDialogProps {
  open: boolean;
  /** What was saved twice: 'Register of JSS 1 A, 8 May 2024'. */
  subject: string;
  /** The server's message. */
  message: string;
  /** The students whose marks differ: the teacher's and those saved meanwhile. */
  rows: DifferingRow[];
  /** Who saved the other version, and when, when the server says. */
  savedBy?: { by: string | null; at: string | null };
  busy?: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onClose: () => void;
}

/**
 * Someone saved the same register or score sheet while this teacher's change waited (issue 21): both
 * are shown side by side, and nothing is overwritten until the teacher chooses. "Keep mine" sends
 * the teacher's change again over the other; "Use theirs" drops it.
 */
export function ConflictDialog({ open, subject, message, rows, savedBy, busy = false, onKeepMine, onTakeTheirs, onClose }: ConflictDialogProps) {
  const who = [savedBy?.by ? `by ${savedBy.by}` : null, savedBy?.at ? formatDateTime(savedBy.at) : null].filter(Boolean).join(', ');
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={`Saved meanwhile: ${subject}`}
      description={message}
      size="2xl"
      role="alertdialog"
      footer={
        <>
          <Button variant="gray" onClick={onTakeTheirs} disabled={busy}>
            Use theirs, drop mine
          </Button>
          <Button variant="primary" onClick={onKeepMine} loading={busy}>
            Keep mine
          </Button>
        </>
      }
    >
      {who ? <p className="mb-3 text-sm text-slate-700">The other version was saved {who}.</p> : null}
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">Your marks are the same as those saved meanwhile for every student you changed.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Marks that differ: yours and those saved meanwhile</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Student
                </th>
                <th scope="col" className="px-3 py-2">
                  Yours
                </th>
                <th scope="col" className="px-3 py-2">
                  Saved meanwhile
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.studentId} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {row.name}
                  </th>
                  <td className="px-3 py-2 font-semibold text-primary">{row.mine}</td>
                  <td className="px-3 py-2 text-slate-700">{row.theirs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { useOnline, useOutbox } from '@/hooks/use-outbox';
import { applyAnswer, useOutboxSync } from '@/hooks/use-outbox-sync';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { differingRows, savedByOf, versionOf } from '@/lib/outbox/compare';
import { keepMine, removeChange, type OutboxChange } from '@/lib/outbox/outbox';
import { SYNC_NOW_EVENT } from '@/lib/outbox/save-or-queue';
import type { SyncSummary } from '@/lib/outbox/sync';
import { ConflictDialog } from './conflict-dialog';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The line the top bar shows: offline, and how many changes wait or need a choice. */
export function syncStatusText({ online, waiting, conflicts, refused }: { online: boolean; waiting: number; conflicts: number; refused: number }) {
  const parts = [
    online ? null : 'Offline',
    waiting > 0 ? `${plural(waiting, 'change', 'changes')} waiting to sync` : null,
    conflicts > 0 ? `${plural(conflicts, 'change needs', 'changes need')} your choice` : null,
    refused > 0 ? `${plural(refused, 'change was', 'changes were')} refused` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * The signed-in shell's offline strip (issue 21): shown while offline or while changes wait in the
 * outbox ("2 changes waiting to sync"); sends them when the connection returns (useOutboxSync) and
 * opens the list of waiting changes, where a conflict is compared and decided.
 */
export function SyncStatus() {
  const queryClient = useQueryClient();
  const changes = useOutbox();
  const online = useOnline();
  const [listOpen, setListOpen] = useState(false);
  const [deciding, setDeciding] = useState<OutboxChange | null>(null);

  const onSynced = useCallback((summary: SyncSummary) => {
    if (summary.sent > 0) toast.success(`${plural(summary.sent, 'change', 'changes')} saved on the server`);
    if (summary.conflicts > 0) toast.warn(`${plural(summary.conflicts, 'change was', 'changes were')} saved by someone else meanwhile: choose which to keep`);
    if (summary.refused > 0) toast.error(`${plural(summary.refused, 'change was', 'changes were')} refused by the server`);
  }, []);
  useOutboxSync(onSynced);

  const list = changes ?? [];
  const count = (status: OutboxChange['status']) => list.filter((c) => c.status === status).length;
  const counts = { waiting: count('waiting'), conflicts: count('conflict'), refused: count('refused') };
  if (online && list.length === 0) return null;
  const needsChoice = counts.conflicts + counts.refused > 0;

  const sendNow = () => window.dispatchEvent(new Event(SYNC_NOW_EVENT));
  const takeTheirs = async (change: OutboxChange) => {
    await removeChange(change.id);
    applyAnswer(queryClient, change, change.refusal?.current);
    setDeciding(null);
    toast.info(`${change.label}: the version saved meanwhile is kept`);
  };

  return (
    <>
      <div
        role="status"
        className={cn(
          'flex flex-wrap items-center gap-x-3 gap-y-1 border-t px-3 py-1.5 text-sm sm:px-4 lg:px-6',
          needsChoice ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-slate-200 bg-slate-50 text-slate-800',
        )}
      >
        <span className="font-semibold" data-testid="sync-status">
          {syncStatusText({ online, ...counts })}
        </span>
        {list.length > 0 ? (
          <button type="button" className="font-semibold text-primary underline underline-offset-2" onClick={() => setListOpen(true)}>
            {needsChoice ? 'Review' : 'See changes'}
          </button>
        ) : (
          <span className="hidden text-slate-600 sm:inline">Registers and score sheets you opened before still open; what you save waits here.</span>
        )}
      </div>

      <Modal open={listOpen && !deciding} onClose={() => setListOpen(false)} title="Changes on this device" size="lg">
        <ul className="divide-y divide-slate-200">
          {list.map((change) => (
            <li key={change.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{change.label}</p>
                <p className="text-xs text-slate-600">
                  Saved on this device {formatDateTime(new Date(change.queuedAt).toISOString())} ·{' '}
                  {change.status === 'waiting'
                    ? 'waiting to sync'
                    : change.status === 'conflict'
                      ? 'someone else saved it meanwhile'
                      : `refused: ${change.refusal?.message ?? ''}`}
                </p>
              </div>
              {change.status === 'conflict' ? (
                <Button size="sm" variant="primary" onClick={() => setDeciding(change)}>
                  Compare and choose
                </Button>
              ) : change.status === 'refused' ? (
                <Button size="sm" variant="gray" onClick={() => void removeChange(change.id).then(() => applyAnswer(queryClient, change, null))}>
                  Discard
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        {counts.waiting > 0 && online ? (
          <Button size="sm" variant="gray" className="mt-2" onClick={sendNow}>
            Send now
          </Button>
        ) : null}
      </Modal>

      {deciding ? (
        <ConflictDialog
          open
          subject={deciding.label}
          message={deciding.refusal?.message ?? ''}
          rows={differingRows(deciding.kind, deciding.body, deciding.refusal?.current)}
          savedBy={savedByOf(deciding.kind, deciding.refusal?.current)}
          onClose={() => setDeciding(null)}
          onTakeTheirs={() => void takeTheirs(deciding)}
          onKeepMine={() =>
            void keepMine(deciding.id, versionOf(deciding.refusal?.current)).then(() => {
              setDeciding(null);
              setListOpen(false);
              sendNow();
            })
          }
        />
      ) : null}
    </>
  );
}

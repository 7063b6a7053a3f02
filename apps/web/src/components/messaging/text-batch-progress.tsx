import type { BatchProgress } from '@school/shared/messaging/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { isForbidden } from '@/components/ui/no-access';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';

/** How often the progress asks again while a text of the send is still queued… */
export const BATCH_REFRESH_MS = 2_000;
/** …and, after two minutes of it (what is left waits out the gateway's back-off, up to an hour), how often then. */
export const BATCH_SLOW_REFRESH_MS = 30_000;
const FAST_ASKS = 60;

/** The message log, showing this send only (a school's administrators'). */
export const batchLogPath = (batchId: string) => `/admin/messages?${new URLSearchParams({ batchId })}`;

export const batchProgressQueryOptions = (batchId: string) =>
  queryOptions({
    // beside the messaging feature's queries (features/messaging/api/keys.ts: ['messaging', …])
    queryKey: ['messaging', 'batch', batchId] as const,
    queryFn: () => api.get<BatchProgress>(`/api/messages/batches/${encodeURIComponent(batchId)}`),
    // the worker sends within seconds: follow the send until nothing of it waits, and stop on a failure
    refetchInterval: (q) =>
      q.state.status === 'error' || (q.state.data && q.state.data.byStatus.queued === 0)
        ? false
        : q.state.dataUpdateCount < FAST_ASKS
          ? BATCH_REFRESH_MS
          : BATCH_SLOW_REFRESH_MS,
  });

const texts = (n: number) => `${n.toLocaleString('en-NG')} ${n === 1 ? 'text' : 'texts'}`;

export interface TextBatchProgressProps {
  /** The batch the send's answer named. */
  batchId: string;
  /** Whom the texts go to: the line's start and the bar's name. */
  label?: string;
  /** A school's administrator follows the texts in the message log; an owner has none (the log is a school's). */
  logLink?: boolean;
  /** Hides the note (the page that started the send keeps it until then). */
  onDismiss?: () => void;
}

/**
 * The texts of a bulk send (results published, a notice also sent as SMS) as the worker sends them
 * (issue 20): "12 of 40 sent" with a bar while any is queued, then what became of them all. It asks
 * the server again every 2 seconds until none is queued.
 */
export function TextBatchProgress({ batchId, label = 'Texts to parents', logLink = false, onDismiss }: TextBatchProgressProps) {
  const progress = useQuery(batchProgressQueryOptions(batchId));

  if (progress.isError) {
    // the send itself succeeded: a role that may not see the messages is simply not shown their progress
    if (isForbidden(progress.error)) return null;
    return (
      <LoadError error={progress.error} className="mb-4">
        The progress of the texts could not be loaded. {progress.error.message}
      </LoadError>
    );
  }

  const data = progress.data;
  const sent = data ? data.byStatus.sent + data.byStatus.delivered : 0;
  const running = !data || data.byStatus.queued > 0;
  const handled = data ? data.total - data.byStatus.queued : 0;
  const allKept = data !== undefined && data.total > 0 && data.byStatus.kept === data.total;
  const failed = data?.byStatus.failed ?? 0;
  const kept = data?.byStatus.kept ?? 0;

  return (
    <section aria-label={label} className="mb-4 rounded-xl border border-slate-200 bg-white p-4 text-sm print:hidden">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          {!data ? (
            <p className="flex items-center gap-2 text-slate-700">
              <Spinner size="sm" /> {label}: sending…
            </p>
          ) : running ? (
            <p className="text-slate-700">
              {label}: {sent.toLocaleString('en-NG')} of {data.total.toLocaleString('en-NG')} sent
              {failed > 0 ? <span className="text-red-700">, {failed.toLocaleString('en-NG')} failed</span> : null}
            </p>
          ) : null}
          {/* the outcome is announced once, when the last text has gone */}
          <p role="status" className={running ? 'sr-only' : 'text-slate-800'}>
            {data && !running ? (
              allKept ? (
                `No SMS gateway is set up: ${texts(data.total)} ${data.total === 1 ? 'is' : 'are'} kept in the message log`
              ) : data.total === 0 ? (
                `${label}: none in your schools' messages`
              ) : (
                <>
                  {label}: {sent.toLocaleString('en-NG')} sent
                  {failed > 0 ? <span className="font-semibold text-red-700">, {failed.toLocaleString('en-NG')} failed</span> : null}
                  {kept > 0 ? `, ${kept.toLocaleString('en-NG')} kept (no gateway)` : null}
                </>
              )
            ) : null}
          </p>
        </div>
        {onDismiss ? (
          <Button variant="transparent" size="sm" onClick={onDismiss} aria-label={`Hide: ${label}`}>
            Hide
          </Button>
        ) : null}
      </div>
      {data && data.total > 0 && !allKept ? (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={data.total}
          aria-valuenow={handled}
          aria-valuetext={`${sent} of ${data.total} sent`}
          className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-secondary transition-[width] duration-300" style={{ width: `${Math.round((handled / data.total) * 100)}%` }} />
        </div>
      ) : null}
      {logLink && data && data.total > 0 ? (
        <Link to={batchLogPath(batchId)} className="mt-2 inline-block font-semibold text-secondary hover:underline">
          See them in the message log
        </Link>
      ) : null}
    </section>
  );
}

import type { SessionUser } from '@school/shared/auth/responses';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { csrfToken } from '@/lib/api-client';
import { SYNC_NOW_EVENT } from '@/lib/outbox/save-or-queue';
import { syncOutbox, type SyncSummary } from '@/lib/outbox/sync';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

/** How often a page with a connection tries again what still waits (a connection that came back unannounced). */
const RETRY_MS = 30_000;

/** What the service worker tells the pages of a change it sent (Background Sync): see src/sw.ts. */
export interface OutboxSentMessage {
  type: 'outbox-sent';
  answerKey: unknown[];
  answer: unknown;
  invalidate: unknown[][];
}

export function applyAnswer(queryClient: QueryClient, change: { answerKey: unknown[]; invalidate: unknown[][] }, answer: unknown) {
  if (answer) queryClient.setQueryData(change.answerKey, answer);
  for (const queryKey of change.invalidate) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Sends the outbox from this page: at once, when the connection returns, when a page asks (it
 * queued a change while online), and every half minute while online; puts each answer in the query
 * cache. `onSynced` is told what each send did.
 */
export function useOutboxSync(onSynced?: (summary: SyncSummary) => void) {
  const queryClient = useQueryClient();
  const userId = queryClient.getQueryData<SessionUser | null>(AUTH_ME_QUERY_KEY)?.id;
  const told = useRef(onSynced);
  useEffect(() => {
    told.current = onSynced;
  }, [onSynced]);

  useEffect(() => {
    if (!userId || typeof indexedDB === 'undefined') return;
    const run = () => {
      if (!navigator.onLine) return;
      void syncOutbox({ userId, csrfToken, onSent: (change, answer) => applyAnswer(queryClient, change, answer) })
        .then((summary) => told.current?.(summary))
        .catch(() => undefined);
    };
    const fromWorker = (event: MessageEvent) => {
      const data = event.data as OutboxSentMessage | null;
      if (data?.type === 'outbox-sent') applyAnswer(queryClient, data, data.answer);
    };
    run();
    const timer = window.setInterval(run, RETRY_MS);
    window.addEventListener('online', run);
    window.addEventListener(SYNC_NOW_EVENT, run);
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', run);
      window.removeEventListener(SYNC_NOW_EVENT, run);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, [queryClient, userId]);
}

import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@school/shared/auth/responses';
import { getSelectedAcademicSessionId } from '../academic-session-store';
import { api, isApiError } from '../api-client';
import { AUTH_ME_QUERY_KEY } from '../query-client';
import { changeOf, OUTBOX_SYNC_TAG, queueChange, type NewChange, type OutboxChange } from './outbox';

export type SaveOutcome<T> = { saved: T; queued?: undefined } | { saved?: undefined; queued: OutboxChange };

/** Asks the service worker to send the outbox when the connection returns, where the browser has Background Sync. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // refused (no permission): the page sends it on reconnect instead
  }
}

/** Asked by a page after it queued a change while online: send now (outbox-sync.ts listens). */
export const SYNC_NOW_EVENT = 'school:outbox-sync-now';

/**
 * Saves now when the server can be reached, otherwise keeps the save in the outbox (issue 21): with
 * no connection, when the request cannot reach the server, or when an earlier change of the same
 * register or sheet is still waiting (it must not be overtaken). Any answer of the server (a 400, a
 * 409) is thrown as it comes.
 */
export async function saveOrQueue<T>(queryClient: QueryClient, change: Omit<NewChange, 'userId' | 'headers' | 'method'>): Promise<SaveOutcome<T>> {
  const user = queryClient.getQueryData<SessionUser | null>(AUTH_ME_QUERY_KEY);
  const send = () => api.put<T>(change.url, change.body);
  if (!user || typeof indexedDB === 'undefined') return { saved: await send() };
  const sessionId = getSelectedAcademicSessionId();
  const full: NewChange = { ...change, userId: user.id, method: 'PUT', headers: sessionId ? { 'x-academic-session': sessionId } : {} };
  const keep = async () => {
    const queued = await queueChange(full);
    void requestBackgroundSync();
    if (navigator.onLine) window.dispatchEvent(new Event(SYNC_NOW_EVENT));
    return { queued };
  };
  if (!navigator.onLine || (await changeOf(user.id, change.key).catch(() => null))) return keep();
  try {
    return { saved: await send() };
  } catch (error) {
    if (isApiError(error) && error.status === 0) return keep();
    throw error;
  }
}

/** The register or sheet a 409 carries (saved by someone else meanwhile), or null when the error is not one. */
export function conflictCurrent<T>(error: unknown): T | null {
  if (!isApiError(error) || error.status !== 409) return null;
  return ((error.body as { current?: T } | null)?.current ?? null) as T | null;
}

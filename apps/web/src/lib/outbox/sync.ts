import { differingRows } from './compare';
import { listChanges, markRefused, removeChange, type OutboxChange } from './outbox';

/**
 * Sends the outbox (outbox.ts) in the order the changes were made, one request each, as the page
 * would have sent them online. Runs in a page (on reconnect) and in the service worker (Background
 * Sync); a lock lets only one of them send at a time, so no change goes twice.
 */

export interface SyncOptions {
  /** Only this user's changes: the session's. */
  userId: string;
  /** The CSRF token to send (the page reads its cookie; the service worker asks the server). */
  csrfToken: () => Promise<string>;
  /** Told of each change the server now has, with its answer. */
  onSent?: (change: OutboxChange, answer: unknown) => void;
}

export interface SyncSummary {
  sent: number;
  conflicts: number;
  refused: number;
  /** Stopped because the server could not be reached (or signed the user out): the rest waits. */
  stopped: boolean;
}

const LOCK = 'school-outbox-sync';
let running: Promise<SyncSummary> | null = null;

/** Sends what waits; resolves with what happened (a sync already running in this context is joined). */
export function syncOutbox(options: SyncOptions): Promise<SyncSummary> {
  running ??= withLock(() => sendAll(options)).finally(() => {
    running = null;
  });
  return running;
}

function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? (locks.request(LOCK, fn) as Promise<T>) : fn();
}

async function readBody(res: Response): Promise<{ message?: string; current?: unknown } | null> {
  try {
    return (await res.json()) as { message?: string; current?: unknown };
  } catch {
    return null;
  }
}

async function sendAll({ userId, csrfToken, onSent }: SyncOptions): Promise<SyncSummary> {
  const summary: SyncSummary = { sent: 0, conflicts: 0, refused: 0, stopped: false };
  for (const change of await listChanges(userId)) {
    if (change.status !== 'waiting') continue;
    let res: Response;
    try {
      res = await fetch(change.url, {
        method: change.method,
        credentials: 'include',
        headers: { ...change.headers, accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': await csrfToken() },
        body: JSON.stringify(change.body),
      });
    } catch {
      summary.stopped = true; // offline again: the rest keeps its order
      break;
    }
    // signed out, or the server is down or busy: try again later
    if (res.status === 401 || res.status === 429 || res.status >= 500) {
      summary.stopped = true;
      break;
    }
    const body = await readBody(res);
    if (res.ok) {
      await removeChange(change.id);
      summary.sent++;
      onSent?.(change, body);
    } else if (res.status === 409 && body?.current !== undefined) {
      // the same marks as mine (an earlier send whose answer was lost): nothing to choose
      if (differingRows(change.kind, change.body, body.current).length === 0) {
        await removeChange(change.id);
        summary.sent++;
        onSent?.(change, body.current);
      } else {
        await markRefused(change.id, 'conflict', { message: body.message ?? 'Someone else saved this meanwhile.', current: body.current });
        summary.conflicts++;
      }
    } else {
      await markRefused(change.id, 'refused', { message: body?.message ?? `The server refused this change (${res.status}).` });
      summary.refused++;
    }
  }
  return summary;
}

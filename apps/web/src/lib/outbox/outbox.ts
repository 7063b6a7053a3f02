import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The outbox (issue 21): saves made without a connection wait here, in IndexedDB, and are sent in
 * the order they were made when it returns (sync.ts), each as the same all-or-nothing batch the
 * server takes online. One change per register or score sheet: saving the same one again replaces
 * what it sends and keeps the version it was first made on, so the server can still tell whether
 * someone saved in between. No DOM here: the service worker replays the outbox too.
 */

export type ChangeKind = 'register' | 'scores';

/**
 * waiting: to be sent; conflict: the server had a newer version (both are kept until the teacher
 * chooses); refused: the server refused it for another reason (its message is kept).
 */
export type ChangeStatus = 'waiting' | 'conflict' | 'refused';

export interface OutboxChange {
  id: number;
  /** Whose change it is: only that user's session sends it. */
  userId: string;
  kind: ChangeKind;
  /** One register or sheet (e.g. `register:<classId>:<date>`): a second save replaces the first. */
  key: string;
  /** What the teacher sees: 'Register of JSS 1 A, 8 May 2024'. */
  label: string;
  method: 'PUT';
  url: string;
  /** The request body, with the `baseVersion` it was made on. */
  body: { baseVersion?: string | null } & Record<string, unknown>;
  /** Headers of the app's own besides CSRF (the selected session). */
  headers: Record<string, string>;
  /** The query whose data the server's answer is (the register or sheet as saved). */
  answerKey: unknown[];
  /** Query keys to refresh once the server has it. */
  invalidate: unknown[][];
  queuedAt: number;
  status: ChangeStatus;
  /** The server's answer to a refused change: its message, and on a conflict its current state. */
  refusal?: { message: string; current?: unknown };
}

export type NewChange = Omit<OutboxChange, 'id' | 'queuedAt' | 'status' | 'refusal'>;

interface OutboxDb extends DBSchema {
  changes: { key: number; value: OutboxChange; indexes: { byKey: string } };
}

export const OUTBOX_DB = 'school-outbox';
/** The Background Sync tag under which the service worker sends the outbox. */
export const OUTBOX_SYNC_TAG = 'school-outbox';
const CHANNEL = 'school-outbox';

let opening: Promise<IDBPDatabase<OutboxDb>> | null = null;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  opening ??= openDB<OutboxDb>(OUTBOX_DB, 1, {
    upgrade(database) {
      const store = database.createObjectStore('changes', { keyPath: 'id', autoIncrement: true });
      store.createIndex('byKey', 'key');
    },
    // another tab deletes the database (signing out): let it, and open afresh next time
    blocking() {
      void opening?.then((d) => d.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

// ---------------------------------------------------------------- who is told of changes

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function broadcastChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => tell(false);
  return channel;
}

function tell(others = true) {
  for (const listener of listeners) listener();
  // other tabs and the service worker (or, from the service worker, the tabs)
  if (others) broadcastChannel()?.postMessage('changed');
}

/** Calls `listener` whenever the outbox changes, in this page or another (or the service worker). */
export function onOutboxChange(listener: Listener): () => void {
  broadcastChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---------------------------------------------------------------- reading and writing

/** Every change waiting, in the order made (of one user, when given). */
export async function listChanges(userId?: string): Promise<OutboxChange[]> {
  const all = await (await db()).getAll('changes');
  return all.filter((c) => userId === undefined || c.userId === userId).sort((a, b) => a.id - b.id);
}

export async function changeOf(userId: string, key: string): Promise<OutboxChange | null> {
  const same = await (await db()).getAllFromIndex('changes', 'byKey', key);
  return same.find((c) => c.userId === userId) ?? null;
}

/**
 * Keeps a save to send later. A change of the same register or sheet waiting already is replaced by
 * this one but keeps its place in the order and the version it was made on (the teacher's marks
 * build on what they opened); a conflict stays one until the teacher chooses.
 */
export async function queueChange(change: NewChange): Promise<OutboxChange> {
  const database = await db();
  const tx = database.transaction('changes', 'readwrite');
  const same = (await tx.store.index('byKey').getAll(change.key)).find((c) => c.userId === change.userId);
  let saved: OutboxChange;
  if (same) {
    saved = { ...same, ...change, id: same.id, body: { ...change.body, baseVersion: same.body.baseVersion } };
    if (same.status === 'refused') saved = { ...saved, status: 'waiting', refusal: undefined };
    await tx.store.put(saved);
  } else {
    const fresh = { ...change, queuedAt: Date.now(), status: 'waiting' as const };
    const id = await tx.store.add(fresh as OutboxChange);
    saved = { ...fresh, id };
  }
  await tx.done;
  tell();
  return saved;
}

async function update(id: number, patch: (change: OutboxChange) => OutboxChange | null): Promise<void> {
  const database = await db();
  const tx = database.transaction('changes', 'readwrite');
  const current = await tx.store.get(id);
  if (current) {
    const next = patch(current);
    if (next) await tx.store.put(next);
    else await tx.store.delete(id);
  }
  await tx.done;
  tell();
}

/** The server has it (or the teacher took the other version): forgotten. */
export function removeChange(id: number): Promise<void> {
  return update(id, () => null);
}

/** The server refused it: kept, with its message (and its current state on a conflict). */
export function markRefused(id: number, status: 'conflict' | 'refused', refusal: { message: string; current?: unknown }): Promise<void> {
  return update(id, (c) => ({ ...c, status, refusal }));
}

/** "Keep mine": sent again on the version the conflict showed, so it replaces that one. */
export function keepMine(id: number, version: string | null): Promise<void> {
  return update(id, (c) => ({ ...c, status: 'waiting', refusal: undefined, body: { ...c.body, baseVersion: version } }));
}

/** Forgets every change and the database itself (signing out). */
export async function clearOutbox(): Promise<void> {
  if (opening) {
    (await opening.catch(() => null))?.close();
    opening = null;
  }
  if (typeof indexedDB === 'undefined') return;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(OUTBOX_DB);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
  tell();
}

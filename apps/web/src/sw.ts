/**
 * The service worker (issue 21), built by vite-plugin-pwa (injectManifest) into dist/sw.js:
 * - the app's code and index.html are precached (Workbox), so the app opens without a connection;
 * - pages come from the network (the server names each page's code in its index.html) and, when it
 *   cannot be reached, from the precached index.html;
 * - the teacher's own GET answers (lib/offline.ts) are network first and kept for offline, and forgotten
 *   when her session ends or another user signs in on the same browser (ADR 0040);
 * - Background Sync sends the outbox (lib/outbox) when the connection returns.
 * Typed without the webworker lib (the web app's program has the DOM's): the few types it needs are below.
 */
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE, KEEP_ANSWERS, OFFLINE_API_ROUTES } from './lib/offline';
import { OUTBOX_SYNC_TAG } from './lib/outbox/outbox';
import { syncOutbox } from './lib/outbox/sync';

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEventLike extends ExtendableEventLike {
  tag: string;
}
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { matchAll(options: { type: 'window' }): Promise<Array<{ postMessage(message: unknown): void }>> };
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableEventLike & { data: unknown }) => void): void;
}
const sw = globalThis as unknown as WorkerScope;

void sw.skipWaiting();
clientsClaim();

/** How long a page or an answer may take before the kept copy is used instead (a connection that hangs). */
const NETWORK_TIMEOUT_S = 6;

// pages first: the precache's own route would answer '/' from index.html without asking the server
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), NETWORK_TIMEOUT_S * 1000);
      try {
        return await fetch(request, { signal: controller.signal });
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      } finally {
        clearTimeout(timer);
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

// Workbox writes the list of files in place of `self.__WB_MANIFEST` in the built worker
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

/** The kept answer that tells whose the kept answers are (public: 200 with `user: null` when signed out). */
const BOOTSTRAP = '/api/bootstrap';

/** Forgets every kept answer, as signing out does (lib/offline.ts clearOfflineData); the app's code stays. */
const forgetKeptAnswers = () => caches.delete(API_CACHE);

/** The user id of a /api/bootstrap answer: null when signed out, undefined when there is none or it cannot be read. */
async function userOf(answer: Response | undefined): Promise<string | null | undefined> {
  if (!answer) return undefined;
  const body = (await answer
    .clone()
    .json()
    .catch(() => undefined)) as { user?: { id?: unknown } | null } | undefined;
  if (body?.user === null) return null;
  return typeof body?.user?.id === 'string' ? body.user.id : undefined;
}

/**
 * A teacher's kept answers must not outlive her session: the session can end without the app's sign-out
 * (expired, revoked, her password reset on another device), or another person can sign in on the same
 * browser, and offline later the shared computer would show her data. So a 401 from a kept route, and a
 * /api/bootstrap answer with no user or another user than the kept one's (or with none kept, when the
 * other answers cannot be told whose), forget them all before `answer` is kept.
 */
async function forgetAnswersOfAnotherSession(path: string, answer: Response): Promise<void> {
  if (answer.status === 401) return void (await forgetKeptAnswers());
  if (!answer.ok || path !== BOOTSTRAP) return;
  const user = await userOf(answer);
  const keptUser = await userOf(await caches.match(BOOTSTRAP, { cacheName: API_CACHE, ignoreVary: true }));
  if (user === null || user !== keptUser) await forgetKeptAnswers();
}

/** Runs before the strategy keeps an answer (Workbox keeps it only after `fetchDidSucceed` resolved). */
const keepOneSessionsAnswers: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    await forgetAnswersOfAnotherSession(new URL(request.url).pathname, response);
    return response;
  },
};

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === sw.location.origin && OFFLINE_API_ROUTES.some((route) => route.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    // the server's Vary (accept-encoding, cookies) must not hide the kept answer offline
    matchOptions: { ignoreVary: true },
    plugins: [keepOneSessionsAnswers, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

const fetchAnswer = (url: string) => fetch(url, { credentials: 'include', headers: { accept: 'application/json' } }).catch(() => null);

/**
 * Keeps the answers of `urls` not kept yet. Whose they would be is asked first, so nothing is kept for a
 * page that is no longer signed in (its session ended since it loaded), nor beside another user's answers.
 */
async function keepAnswers(urls: string[]): Promise<void> {
  const kept = await caches.open(API_CACHE);
  const missing = (await Promise.all(urls.map(async (url) => ((await kept.match(url, { ignoreVary: true })) ? null : url)))).filter(
    (url): url is string => url !== null,
  );
  if (missing.length === 0) return;
  const bootstrap = await fetchAnswer(BOOTSTRAP);
  if (!bootstrap?.ok) return;
  await forgetAnswersOfAnotherSession(BOOTSTRAP, bootstrap);
  if (typeof (await userOf(bootstrap)) !== 'string') return;
  // opened again: forgetting deleted the cache, and a deleted cache's object keeps nothing
  await (await caches.open(API_CACHE)).put(BOOTSTRAP, bootstrap);
  await Promise.all(
    missing
      .filter((url) => url !== BOOTSTRAP)
      .map(async (url) => {
        const res = await fetchAnswer(url);
        if (res?.status === 401) await forgetKeptAnswers();
        else if (res?.ok) await (await caches.open(API_CACHE)).put(url, res);
      }),
  );
}

// the first visit's answers, fetched before this worker controlled the page (lib/offline.ts)
sw.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type !== KEEP_ANSWERS || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === 'string' && url.startsWith('/api/'));
  event.waitUntil(keepAnswers(urls));
});

/** Sends the outbox for the signed-in user; a failure (still offline, signed out) makes the browser try again later. */
async function sendOutbox() {
  const bootstrap = await fetch('/api/bootstrap', { credentials: 'include', headers: { accept: 'application/json' } });
  if (!bootstrap.ok) throw new Error(`bootstrap answered ${bootstrap.status}`);
  const userId = ((await bootstrap.json()) as { user: { id: string } | null }).user?.id;
  if (!userId) return;
  const csrfToken = async () => {
    const res = await fetch('/api/auth/csrf', { credentials: 'include', headers: { accept: 'application/json' } });
    return ((await res.json()) as { token: string }).token;
  };
  const windows = await sw.clients.matchAll({ type: 'window' });
  const summary = await syncOutbox({
    userId,
    csrfToken,
    // the open pages put the answer in their query cache (hooks/use-outbox-sync.ts)
    onSent: (change, answer) => {
      for (const client of windows) client.postMessage({ type: 'outbox-sent', answerKey: change.answerKey, invalidate: change.invalidate, answer });
    },
  });
  if (summary.stopped) throw new Error('the outbox could not be sent yet');
}

sw.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendOutbox());
});

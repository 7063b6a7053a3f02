/**
 * The service worker (issue 21), built by vite-plugin-pwa (injectManifest) into dist/sw.js:
 * - the app's code and index.html are precached (Workbox), so the app opens without a connection;
 * - pages come from the network (the server names each page's code in its index.html) and, when it
 *   cannot be reached, from the precached index.html;
 * - the teacher's own GET answers (lib/offline.ts) are network first and kept for offline;
 * - Background Sync sends the outbox (lib/outbox) when the connection returns.
 * Typed without the webworker lib (the web app's program has the DOM's): the few types it needs are below.
 */
import { clientsClaim } from 'workbox-core';
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

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === sw.location.origin && OFFLINE_API_ROUTES.some((route) => route.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    // the server's Vary (accept-encoding, cookies) must not hide the kept answer offline
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

// the first visit's answers, fetched before this worker controlled the page (lib/offline.ts)
sw.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type !== KEEP_ANSWERS || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === 'string' && url.startsWith('/api/'));
  event.waitUntil(
    caches.open(API_CACHE).then((cache) =>
      Promise.all(
        urls.map(async (url) => {
          if (await cache.match(url, { ignoreVary: true })) return;
          const res = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } }).catch(() => null);
          if (res?.ok) await cache.put(url, res);
        }),
      ),
    ),
  );
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

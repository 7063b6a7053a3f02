import { clearOutbox } from './outbox/outbox';

/**
 * What the service worker (src/sw.ts) keeps of a teacher's data, and how a page registers it and
 * forgets that data on signing out (issue 21).
 */

/** The teacher's own answers kept for offline: the user, registers, score sheets, timetable. */
export const API_CACHE = 'school-api-v1';

/** The GET routes whose last answer opens offline (network first, then the kept answer). */
export const OFFLINE_API_ROUTES = [
  /^\/api\/bootstrap$/,
  /^\/api\/dashboard\/teacher$/,
  /^\/api\/teachers\/me\/timetable$/,
  /^\/api\/attendance\/(options|register|teacher-overview)$/,
  /^\/api\/results\/(options|scores)$/,
];

/**
 * Installs the service worker (production builds only: the dev server has no sw.js). Called by the
 * signed-in shell for teachers, once the page has loaded, so it never competes with the page itself.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: KEEP_ANSWERS, urls: answersOfThisPage() }))
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Asks the service worker to keep answers this page had before the worker controlled it (its first visit). */
export const KEEP_ANSWERS = 'keep-answers';

/** The offline routes' answers this page has loaded (the register or sheet open, the user), as URLs. */
function answersOfThisPage(): string[] {
  const urls = performance.getEntriesByType('resource').map((entry) => new URL(entry.name, location.href));
  const kept = urls.filter((url) => url.origin === location.origin && OFFLINE_API_ROUTES.some((route) => route.test(url.pathname)));
  return [...new Set(kept.map((url) => url.pathname + url.search))];
}

/** Forgets this user's data kept for offline: the outbox and the kept answers (the app's code stays). */
export async function clearOfflineData(): Promise<void> {
  await Promise.all([clearOutbox().catch(() => undefined), typeof caches === 'undefined' ? undefined : caches.delete(API_CACHE).catch(() => false)]);
}

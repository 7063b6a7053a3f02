// What bench/pages.mjs needs besides its measuring: the web app's build (built when stale, copied so
// that a rebuild meanwhile cannot pull chunks from under the pages), what runs in the page, and the
// browser's request log.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { WEB_BUILD, webBuildIsStale } from '../../scripts/lib/built.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** @typedef {{ selector: string; text?: string }} Target an element matching `selector` (and whose text is `text`), visible */
/** @typedef {{ url: string; status: number; bytes: number; cached: boolean; done: boolean }} Req one request as the browser made it */
/** @typedef {{ html: number; code: number; api: number; firstApi: number }} Phases when the document, the last code (JS, CSS) and the last API answer before the content arrived, and when the first API request left (ms, the sample's clock; -1: none) */

// ---------------------------------------------------------------------------------------------
// The web app's build: `npm run build` when dist is missing or older than its sources.

/** Builds the web app (`npm run build`) when it is missing or older than its sources, unless WEB_DIST names a build. */
export function ensureBuilt() {
  if (process.env.WEB_DIST || !webBuildIsStale()) return;
  const built = fs.existsSync(WEB_BUILD);
  console.log(built ? 'the web app changed since its build: npm run build' : 'the web app is not built: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status === 0) return;
  if (!built) {
    console.error('npm run build failed');
    process.exit(2);
  }
  console.warn('npm run build failed: measuring the previous build');
}

/**
 * Copies the build into `dest` and answers it: others rebuild apps/web/dist while this runs, and a
 * page whose chunks vanish mid-run never shows. Retries while the build is half written.
 * @param {string} dest
 */
export async function snapshotBuild(dest) {
  const dist = process.env.WEB_DIST ? path.resolve(root, process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
  for (let attempt = 1; ; attempt++) {
    fs.rmSync(dest, { recursive: true, force: true });
    try {
      fs.cpSync(dist, dest, { recursive: true });
      const html = fs.readFileSync(path.join(dest, 'index.html'), 'utf8');
      const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
      if (entries.length && entries.every((e) => fs.existsSync(path.join(dest, e)))) return dest;
    } catch {
      /* being rebuilt */
    }
    if (attempt === 10) throw new Error(`no complete build in ${dist}`);
    await new Promise((r) => setTimeout(r, 3000));
  }
}

// ---------------------------------------------------------------------------------------------
// In the page.

/**
 * Init script of every measured document: records in `__benchSeen[name]` the performance.now() of
 * the first animation frame after each target is in the DOM and visible, and in `__benchSubmit` the
 * first form submit. Runs in the browser (no DOM types here, hence `globalThis` as any).
 * @param {Record<string, Target>} targets
 */
export function watchMainContent(targets) {
  const w = /** @type {any} */ (globalThis);
  /** @type {Record<string, number>} */
  const seen = (w.__benchSeen = {});
  const matched = new Set();
  w.document.addEventListener('submit', () => (w.__benchSubmit ??= w.performance.now()), true);
  const check = () => {
    for (const [name, { selector, text }] of Object.entries(targets)) {
      if (matched.has(name)) continue;
      for (const el of w.document.querySelectorAll(selector)) {
        if (text !== undefined && el.textContent?.trim() !== text) continue;
        if (!el.checkVisibility()) continue;
        matched.add(name);
        w.requestAnimationFrame(() => (seen[name] = w.performance.now()));
        break;
      }
    }
  };
  new w.MutationObserver(check).observe(w.document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/** @param {string} name @returns {number | undefined} */
export const seenAt = (name) => /** @type {any} */ (globalThis).__benchSeen?.[name];
/** @returns {number | undefined} */
export const submitAt = () => /** @type {any} */ (globalThis).__benchSubmit;
/** Navigation start to load end of the document (the baseline). */
export const loadEnd = () => /** @type {any} */ (globalThis).performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0;

/**
 * Where the time to the main content went, from the page's resource timings: see Phases. `from` is the
 * origin of the sample's clock (0, or the login's submit); only what started after it counts.
 * @param {number} from
 * @returns {Phases}
 */
export function phasesOf(from) {
  const perf = /** @type {any} */ (globalThis).performance;
  const seen = /** @type {any} */ (globalThis).__benchSeen?.main ?? Infinity;
  /** @type {{ name: string; startTime: number; responseEnd: number }[]} */
  const entries = perf.getEntriesByType('resource').filter((/** @type {any} */ r) => r.startTime >= from && r.responseEnd <= seen);
  /** @param {typeof entries} list @param {(r: (typeof entries)[0]) => number} pick @param {(...v: number[]) => number} agg */
  const at = (list, pick, agg) => (list.length ? agg(...list.map(pick)) - from : -1);
  const code = entries.filter((r) => /\.(?:js|css)(?:\?|$)/.test(new URL(r.name).pathname));
  const api = entries.filter((r) => new URL(r.name).pathname.startsWith('/api/'));
  const nav = perf.getEntriesByType('navigation')[0];
  return {
    html: from === 0 && nav ? nav.responseEnd : -1,
    code: at(code, (r) => r.responseEnd, Math.max),
    api: at(api, (r) => r.responseEnd, Math.max),
    firstApi: at(api, (r) => r.startTime, Math.min),
  };
}

/**
 * GETs `url` in the page; answers the milliseconds to the last byte, the status and the size.
 * @param {string} url
 */
export async function fetchTimed(url) {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = new Uint8Array(await res.arrayBuffer());
  const ms = performance.now() - t0;
  return { ms, status: res.status, bytes: body.length, head: String.fromCharCode(...body.subarray(0, 5)) };
}

// ---------------------------------------------------------------------------------------------
// The browser.

/**
 * The requests a page makes, from the DevTools protocol (what the Network panel lists).
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 */
export async function networkLog(context, page) {
  const cdp = await context.newCDPSession(page);
  /** @type {Map<string, Req>} */
  let byId = new Map();
  /** @type {Req[]} */
  let all = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/^https?:/.test(e.request.url)) return;
    const previous = byId.get(e.requestId);
    if (previous && e.redirectResponse) {
      previous.status = e.redirectResponse.status;
      previous.bytes = e.redirectResponse.encodedDataLength;
      previous.done = true;
    }
    const req = { url: e.request.url, status: 0, bytes: 0, cached: false, done: false };
    byId.set(e.requestId, req);
    all.push(req);
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const req = byId.get(e.requestId);
    if (req) req.cached = true;
  });
  // the status on the wire: a revalidated answer (304) reaches the page, and responseReceived, as the cached 200
  /** @type {Map<string, number>} */
  const wire = new Map();
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    wire.set(e.requestId, e.statusCode);
    const req = byId.get(e.requestId);
    if (req && req.status) req.status = e.statusCode;
  });
  cdp.on('Network.responseReceived', (e) => {
    const req = byId.get(e.requestId);
    if (!req) return;
    req.status = wire.get(e.requestId) ?? e.response.status;
    if (e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache) req.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const req = byId.get(e.requestId);
    if (!req) return;
    req.bytes = e.encodedDataLength;
    req.done = true;
  });
  cdp.on('Network.loadingFailed', (e) => {
    const req = byId.get(e.requestId);
    if (req) req.done = true;
  });
  await cdp.send('Network.enable');
  return {
    /** Forgets what was logged: the next navigation counts from here. */
    reset() {
      byId = new Map();
      all = [];
    },
    /** Waits until nothing is in flight for 500 ms (at least `minMs` from now, at most 10 s); answers the requests. */
    async settle(minMs = 0) {
      const started = Date.now();
      let quietSince = Date.now();
      while (Date.now() - started < 10_000) {
        await new Promise((r) => setTimeout(r, 50));
        if (all.some((r) => !r.done)) quietSince = Date.now();
        else if (Date.now() - quietSince >= 500 && Date.now() - started >= minMs) break;
      }
      return [...all];
    },
  };
}

/** @param {string} cookie a Cookie header @param {string} base @returns {import('playwright-core').BrowserContextOptions['storageState']} */
export function storageStateOf(cookie, base) {
  const { hostname } = new URL(base);
  const cookies = cookie
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const [name, ...rest] = pair.split('=');
      return {
        name,
        value: rest.join('='),
        domain: hostname,
        path: '/',
        expires: -1,
        httpOnly: name === 'sid',
        secure: false,
        sameSite: /** @type {const} */ ('Lax'),
      };
    });
  return { cookies, origins: [] };
}

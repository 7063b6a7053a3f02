#!/usr/bin/env node
// Budget (DESIGN.md §8): Lighthouse performance ≥ 90 and accessibility ≥ 95 on the login page and
// on each role's dashboard. Starts the server the way `npm start` does (built web app, a fresh
// embedded database seeded with the demo school), signs each demo user in, and runs Lighthouse's
// default audit (a mid-range phone on a slow 4G connection, simulated) in Debian's Chromium with the
// user's session cookie. Prints each page's scores; exits 1 when one misses the budget.
//
// Usage: npm run build && node bench/lighthouse.mjs     (CHROME_PATH, PORT; RUNS=n keeps each page's median;
//        REPORTS=dir writes each run's Lighthouse JSON there, to open in the Lighthouse viewer)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { login, startServer } from './lib/load.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.PORT ?? 3394);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.RUNS ?? 3);
const BUDGET = { performance: 90, accessibility: 95 };
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('build the web app first: npm run build');
  process.exit(2);
}

/** The app as `npm start` serves it: the built web app, a fresh embedded database with the demo school. */
async function startApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  fs.chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as `postgres`, which must reach its folder
  const server = await startServer(port, { DATABASE_URL: '', DATA_DIR: path.join(dataDir, 'db'), WEB_DIST: process.env.WEB_DIST, LOGIN_IP_LIMIT: '1000' });
  return () => {
    server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const stop = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
// Lighthouse would clear the cookies with the rest of the storage, and Chromium does not send a
// Cookie set as an extra header with the page's own requests; so the session cookie goes into the
// browser, and everything else of the origin (cache, localStorage) is cleared before each run.
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const control = await browser.newPage();
const cdp = await control.createCDPSession();
/** @param {string | null} cookie the session to run as; null for a signed-out page */
async function prepare(cookie) {
  await browser.deleteCookie(...(await browser.cookies()));
  const sid = cookie?.match(/(?:^|; )sid=([^;]+)/)?.[1];
  if (sid) await browser.setCookie({ name: 'sid', value: sid, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'local_storage,indexeddb,cache_storage,service_workers' });
}

let ok = true;
try {
  /** @type {[name: string, url: string, cookie: string | null][]} */
  const pages = [['login', '/auth/login', null]];
  /** @type {[role: string, email: string, dashboard: string | null][]} the student's dashboard path holds the student's id */
  const roles = [
    ['super admin', 'super@demo.test', '/super-admin/dashboard'],
    ['admin', 'admin@demo.test', '/admin/dashboard'],
    ['teacher', 'teacher@demo.test', '/teachers/dashboard'],
    ['student', 'student@demo.test', null],
    ['parent', 'parent@demo.test', '/parent/dashboard'],
  ];
  for (const [role, email, dashboard] of roles) {
    const cookie = await login(base, email);
    let url = dashboard;
    if (!url) {
      const { user } = /** @type {{ user: { studentId: string } }} */ (await (await fetch(`${base}/api/auth/session`, { headers: { cookie } })).json());
      url = `/student/dashboard/${user.studentId}`;
    }
    pages.push([role, url, cookie]);
  }
  console.log(`Lighthouse ${runs} run(s) a page (median), budget performance ≥ ${BUDGET.performance}, accessibility ≥ ${BUDGET.accessibility}`);
  for (const [name, url, cookie] of pages) {
    /** @type {{ performance: number[]; accessibility: number[] }} */
    const scores = { performance: [], accessibility: [] };
    /** @type {{ lcp: number[]; tbt: number[]; js: number[] }} */
    const metrics = { lcp: [], tbt: [], js: [] };
    for (let i = 0; i < runs; i++) {
      await prepare(cookie);
      const result = await lighthouse(base + url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      if (!result) throw new Error(`${name}: Lighthouse returned no result`);
      const { categories, audits } = result.lhr;
      if (process.env.REPORTS) {
        fs.mkdirSync(process.env.REPORTS, { recursive: true });
        fs.writeFileSync(path.join(process.env.REPORTS, `${name.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(result.lhr));
      }
      if (result.lhr.finalDisplayedUrl !== base + url) throw new Error(`${name}: ended on ${result.lhr.finalDisplayedUrl}`);
      scores.performance.push(Math.round((categories.performance.score ?? 0) * 100));
      scores.accessibility.push(Math.round((categories.accessibility.score ?? 0) * 100));
      metrics.lcp.push(audits['largest-contentful-paint'].numericValue ?? NaN);
      metrics.tbt.push(audits['total-blocking-time'].numericValue ?? NaN);
      const requests = audits['network-requests'].details;
      if (requests?.type !== 'table') throw new Error(`${name}: no network-requests table`);
      const scripts = /** @type {{ resourceType?: string; transferSize: number }[]} */ (requests.items).filter((r) => r.resourceType === 'Script');
      metrics.js.push(scripts.reduce((a, r) => a + r.transferSize, 0));
    }
    const performance = median(scores.performance);
    const accessibility = median(scores.accessibility);
    const pass = performance >= BUDGET.performance && accessibility >= BUDGET.accessibility;
    ok &&= pass;
    console.log(
      `${name.padEnd(12)} ${url.padEnd(58)} performance ${String(performance).padStart(3)}  accessibility ${String(accessibility).padStart(3)}  ` +
        `LCP ${(median(metrics.lcp) / 1000).toFixed(1)} s  TBT ${Math.round(median(metrics.tbt))} ms  JS ${Math.round(median(metrics.js) / 1024)} KB  ${pass ? 'ok' : 'UNDER BUDGET'}`,
    );
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  stop();
}
process.exit(ok ? 0 : 1);

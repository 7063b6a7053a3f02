#!/usr/bin/env node
// Budget (DESIGN.md §8, issue 17): in Chromium, on the demo school, with server and browser on this
// machine, each page's main content is visible within 1 s cold and 400 ms warm. Starts the app the
// way `npm start` does (the built web app served by the server on a fresh embedded PostgreSQL seeded
// with the demo school, in a temporary folder; `npm run build` first when the build is missing or older
// than the web app's sources), and times in Debian's Chromium (playwright-core):
//   login → dashboard  submit of the login form (admin) to the admin dashboard's figures
//   admin dashboard    /admin/dashboard opened directly, to its figures (not budgeted separately: its
//                      API requests are listed, cold and warm, to follow the bootstrap / 304 work)
//   student list       /admin/records/students to the table's rows
//   student record     /admin/records/student-profile/:id to the student's name heading
//   attendance         /teachers/mark-attendance?classId&date (teacher) to the rows' status controls
//   score entry        /teachers/assessments/results?termId&classId&subjectId (teacher) to the grid's rows
//   report card        /admin/records/report-card/:id?term= (a published term) to the subjects table
//   report card PDF    fetch() in the page, request to the last byte of the PDF
// Cold: a new browser context (empty HTTP cache and storage, the session cookie only) opening the URL;
// for the login, a context without a session. Warm: the same page opening the same URL again after
// that first visit (a full load with the HTTP cache and the persisted query cache; not an in-app
// navigation); for the login, after signing out by clearing the cookies. Times are the page's own
// clock: performance.now() at the first animation frame after the element is in the DOM and visible
// (a MutationObserver), from navigation start (login: from the form's submit event).
// Baseline, same run and browser: /favicon.svg of the same server (navigation start to load end),
// cold and warm; each median is printed also as a ratio to it. Requests, API requests and bytes
// transferred (headers + bodies, as DevTools counts them) are counted until the page settles.
//
// The build is copied into the temporary folder and served from there, so a rebuild by someone else
// during the run does not pull the chunks from under the pages.
//
// Usage: node bench/pages.mjs     (RUNS=5, PORT=3380, CHROMIUM_PATH, WEB_DIST=<a build> skips the build
//        check, BUDGET_COLD_MS=1000, BUDGET_WARM_MS=400, PAGES=name,name to run some pages only).
//        Exits 1 when a median misses its budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { login, startServer } from './lib/load.mjs';
import {
  ensureBuilt,
  fetchTimed,
  loadEnd,
  networkLog,
  phasesOf,
  seenAt,
  snapshotBuild,
  storageStateOf,
  submitAt,
  watchMainContent,
} from './lib/pages-support.mjs';

const port = Number(process.env.PORT ?? 3380);
const runs = Number(process.env.RUNS ?? 5);
const BUDGET = { cold: Number(process.env.BUDGET_COLD_MS ?? 1000), warm: Number(process.env.BUDGET_WARM_MS ?? 400) };
const PASSWORD = 'demo12345';

/** @typedef {{ selector: string; text?: string }} Target an element matching `selector` (and whose text is `text`), visible */
/** @typedef {'cold' | 'warm'} Kind */
/**
 * @typedef {object} PageSpec
 * @property {string} name
 * @property {string} url path and query
 * @property {string} cookie the Cookie header of the role it is opened as ('' for the login)
 * @property {'page' | 'login' | 'pdf'} how
 * @property {Target} [target] the main content
 * @property {boolean} [budgeted] false: printed, not held to the budget
 */
/** @typedef {{ url: string; status: number; bytes: number; cached: boolean; done: boolean }} Req one request as the browser made it */
/** @typedef {{ html: number; code: number; api: number; firstApi: number }} Phases when the document, the last code (JS, CSS) and the last API answer before the content arrived, and when the first API request left (ms, the sample's clock; -1: none) */
/** @typedef {{ ms: number; requests: Req[]; phases?: Phases }} Sample */

/**
 * Opens `spec` once cold (new context) and once warm (the same page again); answers both samples.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {PageSpec} spec
 * @returns {Promise<Record<Kind, Sample>>}
 */
async function measurePage(browser, base, spec) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 960 },
    storageState: spec.cookie ? storageStateOf(spec.cookie, base) : undefined,
  });
  context.setDefaultTimeout(30_000);
  /** @type {Record<string, Target>} */
  const targets = spec.target ? { main: spec.target } : {};
  await context.addInitScript(watchMainContent, targets);
  try {
    const page = await context.newPage();
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    /** @type {string[]} */
    const failed = [];
    page.on('response', (r) => (r.status() >= 400 ? failed.push(`${r.status()} ${r.url()}`) : undefined));
    page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText} ${r.url()}`));
    const net = await networkLog(context, page);
    /** @type {Partial<Record<Kind, Sample>>} */
    const samples = {};
    for (const kind of /** @type {Kind[]} */ (['cold', 'warm'])) {
      net.reset();
      let ms;
      /** @type {Phases | undefined} */
      let phases;
      if (spec.how === 'pdf') {
        // a document of the origin to fetch from: the baseline's tiny file
        if (kind === 'cold') await page.goto('/favicon.svg');
        net.reset();
        const got = await page.evaluate(fetchTimed, spec.url);
        if (got.status !== 200 || got.head !== '%PDF-') throw new Error(`${spec.name}: ${got.status}, ${got.bytes} bytes, not a PDF`);
        ms = got.ms;
      } else if (spec.how === 'login') {
        if (kind === 'warm') await context.clearCookies(); // signed out: the HTTP cache and the stored queries stay
        await page.goto(spec.url, { waitUntil: 'commit' });
        await page.locator('input[type="email"]').fill('admin@demo.test');
        await page.locator('input[type="password"]').fill(PASSWORD);
        await page.locator('form button[type="submit"]').click();
        await waitForMain(page, spec, () => [...errors, ...failed]);
        const [t0, t1] = await Promise.all([page.evaluate(submitAt), page.evaluate(seenAt, 'main')]);
        if (t0 === undefined || t1 === undefined) throw new Error(`${spec.name}: no submit seen`);
        ms = t1 - t0;
        phases = await page.evaluate(phasesOf, t0);
      } else {
        await page.goto(spec.url, { waitUntil: 'commit' });
        ms = await waitForMain(page, spec, () => [...errors, ...failed]);
        phases = await page.evaluate(phasesOf, 0);
      }
      // the page's own later requests count too; the persisted query cache writes within 1 s
      const settled = await net.settle(spec.how === 'pdf' ? 0 : 1200);
      const requests = spec.how === 'pdf' ? settled.filter((r) => r.url === base + spec.url) : settled;
      samples[kind] = { ms, requests, phases };
    }
    if (errors.length) throw new Error(`${spec.name}: errors in the page: ${errors.join('; ')}`);
    return /** @type {Record<Kind, Sample>} */ (samples);
  } finally {
    await context.close();
  }
}

/**
 * Waits until the page saw its main content; answers its time from navigation start.
 * @param {import('playwright-core').Page} page
 * @param {PageSpec} spec
 * @param {() => string[]} problems the page's errors and failed requests, for the message
 */
async function waitForMain(page, spec, problems) {
  try {
    const handle = await page.waitForFunction(seenAt, 'main', { polling: 50 });
    return /** @type {number} */ (await handle.jsonValue());
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(
      `${spec.name}: the main content (${spec.target?.selector}${spec.target?.text ? ` "${spec.target.text}"` : ''}) did not show on ${page.url()}: ` +
        `${/** @type {Error} */ (error).message.split('\n')[0]}\nthe page shows: ${shown.replace(/\s+/g, ' ').slice(0, 600)}${problems().length ? `\nerrors and failed requests: ${problems().join('; ')}` : ''}`,
    );
  }
}

/**
 * The baseline: /favicon.svg of the same server, navigation start to load end, cold and warm.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @returns {Promise<Record<Kind, number>>}
 */
async function measureBaseline(browser, base) {
  const context = await browser.newContext({ baseURL: base });
  try {
    const page = await context.newPage();
    await page.goto('/favicon.svg');
    const cold = await page.evaluate(loadEnd);
    await page.goto('/favicon.svg');
    const warm = await page.evaluate(loadEnd);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Figures.

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** @param {number[]} values */
const worst = (values) => Math.max(...values);
/** @param {string} url */
const isApi = (url) => new URL(url).pathname.startsWith('/api/');
/** @param {number} n */
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** @param {Req[]} requests */
function traffic(requests) {
  const api = requests.filter((r) => isApi(r.url));
  return {
    requests: requests.length,
    network: requests.filter((r) => !r.cached).length,
    api: api.length,
    api304: api.filter((r) => r.status === 304).length,
    bytes: requests.reduce((a, r) => a + r.bytes, 0),
    apiBytes: api.reduce((a, r) => a + r.bytes, 0),
  };
}

/** @param {Req[]} requests */
function printApiRequests(requests) {
  for (const r of requests.filter((q) => isApi(q.url))) {
    const url = new URL(r.url);
    console.log(`    ${String(r.status).padStart(3)}  ${String(r.bytes).padStart(6)} B  ${url.pathname}${url.search}${r.cached ? '  (cache)' : ''}`);
  }
}

// ---------------------------------------------------------------------------------------------

ensureBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
fs.chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as `postgres`, which must reach its folder
/** @type {Awaited<ReturnType<typeof startServer>> | null} */
let server = null;
/** @type {import('playwright-core').Browser | null} */
let browser = null;
let ok = true;
try {
  const webDist = await snapshotBuild(path.join(dataDir, 'web'));
  server = await startServer(port, { DATABASE_URL: '', DATA_DIR: path.join(dataDir, 'db'), WEB_DIST: webDist, LOGIN_IP_LIMIT: '10000' });
  const base = server.base;
  const admin = await login(base, 'admin@demo.test', PASSWORD);
  const teacher = await login(base, 'teacher@demo.test', PASSWORD);
  const student = await login(base, 'student@demo.test', PASSWORD);
  /** @param {string} cookie @param {string} url */
  const getJson = async (cookie, url) => {
    const res = await fetch(base + url, { headers: { cookie } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return /** @type {any} */ (await res.json());
  };
  // the demo school's places: the student user (Chidera, JSS 1 A), the teacher's class and subject
  const { user } = await getJson(student, '/api/auth/session');
  const studentId = /** @type {string} */ (user.studentId);
  const { student: profile } = await getJson(admin, `/api/students/${studentId}`);
  const attendance = await getJson(teacher, '/api/attendance/options');
  const classId = attendance.classes[0].id;
  const results = await getJson(teacher, '/api/results/options');
  const termId = (results.terms.find((/** @type {any} */ t) => t.isCurrent) ?? results.terms[0]).id;
  const subjectId = results.classSubjects.find((/** @type {any} */ cs) => cs.classId === classId).subjectId;
  const cardTerms = await getJson(admin, `/api/report-cards/${studentId}/terms`);
  const published = cardTerms.items.find((/** @type {any} */ t) => t.published);
  if (!published) throw new Error('the demo student has no published term');

  const figures = { selector: 'main dl > dd' };
  /** @type {PageSpec[]} */
  const pages = [
    { name: 'login → dashboard', url: '/auth/login', cookie: '', how: 'login', target: figures },
    { name: 'admin dashboard', url: '/admin/dashboard', cookie: admin, how: 'page', target: figures, budgeted: false },
    { name: 'student list', url: '/admin/records/students', cookie: admin, how: 'page', target: { selector: 'main .rdt_TableBody .rdt_TableRow' } },
    {
      name: 'student record',
      url: `/admin/records/student-profile/${studentId}`,
      cookie: admin,
      how: 'page',
      target: { selector: 'main h1', text: profile.name },
    },
    {
      name: 'attendance',
      url: `/teachers/mark-attendance?${new URLSearchParams({ classId, date: attendance.defaultDate })}`,
      cookie: teacher,
      how: 'page',
      target: { selector: 'main form[aria-label^="Register of"] [role="radiogroup"]' },
    },
    {
      name: 'score entry',
      url: `/teachers/assessments/results?${new URLSearchParams({ termId, classId, subjectId })}`,
      cookie: teacher,
      how: 'page',
      target: { selector: 'main table tbody input[data-row]' },
    },
    {
      name: 'report card',
      url: `/admin/records/report-card/${studentId}?term=${published.termId}`,
      cookie: admin,
      how: 'page',
      target: { selector: 'main article[aria-label^="Report card of"] tbody th[scope="row"]' },
    },
    { name: 'report card PDF', url: `/api/report-cards/${studentId}/report-card.pdf?termId=${published.termId}`, cookie: admin, how: 'pdf' },
  ];

  const only = process.env.PAGES?.split(',').map((p) => p.trim());
  if (only) pages.splice(0, pages.length, ...pages.filter((p) => only.includes(p.name)));

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  console.log(
    `Chromium ${browser.version()}, ${base}: built web app, embedded PostgreSQL, demo school; ${runs} runs a page, ${os.loadavg()[0].toFixed(1)} load average`,
  );

  // warm-up, not counted: the server's first answers (code paths, caches) and Chromium's first context
  for (const spec of pages) await measurePage(browser, base, spec);

  /** @type {Record<Kind, number[]>} */
  const baseRuns = { cold: [], warm: [] };
  /** @type {Map<string, Record<Kind, Sample[]>>} */
  const samples = new Map(pages.map((p) => [p.name, { cold: [], warm: [] }]));
  // round-robin, so a busy minute of the machine spreads over every page
  for (let i = 0; i < runs; i++) {
    const b = await measureBaseline(browser, base);
    baseRuns.cold.push(b.cold);
    baseRuns.warm.push(b.warm);
    for (const spec of pages) {
      const s = await measurePage(browser, base, spec);
      const mine = /** @type {Record<Kind, Sample[]>} */ (samples.get(spec.name));
      mine.cold.push(s.cold);
      mine.warm.push(s.warm);
    }
  }

  const baseline = { cold: median(baseRuns.cold), warm: median(baseRuns.warm) };
  const ms = (/** @type {number} */ v) => `${Math.round(v)}`.padStart(5);
  console.log(
    `\nbaseline /favicon.svg (navigation start to load end): cold median ${Math.round(baseline.cold)} ms (worst ${Math.round(worst(baseRuns.cold))}), ` +
      `warm ${Math.round(baseline.warm)} ms (worst ${Math.round(worst(baseRuns.warm))})`,
  );
  console.log(`budget: median under ${BUDGET.cold} ms cold, ${BUDGET.warm} ms warm\n`);
  console.log(`${'page'.padEnd(18)} ${'cold ms median worst  ×base'.padEnd(30)} ${'warm ms median worst  ×base'.padEnd(30)}`);
  for (const spec of pages) {
    const s = /** @type {Record<Kind, Sample[]>} */ (samples.get(spec.name));
    const cells = /** @type {Kind[]} */ (['cold', 'warm']).map((kind) => {
      const times = s[kind].map((x) => x.ms);
      const m = median(times);
      const miss = spec.budgeted !== false && m >= BUDGET[kind];
      if (miss) ok = false;
      return `${ms(m)}  ${ms(worst(times))}  ${(m / baseline[kind]).toFixed(1).padStart(5)}×${miss ? ' OVER' : spec.budgeted === false ? '  (-)' : '  ok '}`;
    });
    console.log(`${spec.name.padEnd(18)} ${cells[0].padEnd(30)} ${cells[1].padEnd(30)}`);
  }

  console.log('\nrequests until the page settles (first measured run): all (from cache), API (304s), bytes transferred (API)');
  for (const spec of pages) {
    const s = /** @type {Record<Kind, Sample[]>} */ (samples.get(spec.name));
    const cells = /** @type {Kind[]} */ (['cold', 'warm']).map((kind) => {
      const t = traffic(s[kind][0].requests);
      return `${kind} ${String(t.requests).padStart(3)} (${String(t.requests - t.network).padStart(2)}), API ${String(t.api).padStart(2)} (${t.api304}), ${kb(t.bytes).padStart(9)} (${kb(t.apiBytes)})`;
    });
    console.log(`${spec.name.padEnd(18)} ${cells[0].padEnd(52)} ${cells[1]}`);
  }

  console.log(
    '\nwhere the time goes (medians, ms from navigation start; login: from submit): document received, last code (JS/CSS) and' +
      '\nlast API answer received before the content showed, first API request sent, content visible',
  );
  for (const spec of pages) {
    const s = /** @type {Record<Kind, Sample[]>} */ (samples.get(spec.name));
    if (!s.cold[0].phases) continue;
    const cells = /** @type {Kind[]} */ (['cold', 'warm']).map((kind) => {
      const list = s[kind].map((x) => /** @type {Phases} */ (x.phases));
      const m = (/** @type {(p: Phases) => number} */ pick) => {
        const v = median(list.map(pick));
        return v < 0 ? '    -' : ms(v);
      };
      return `${kind} doc ${m((p) => p.html)}  code ${m((p) => p.code)}  API ${m((p) => p.firstApi)} → ${m((p) => p.api)}  shown ${ms(median(s[kind].map((x) => x.ms)))}`;
    });
    console.log(`${spec.name.padEnd(18)} ${cells[0]}    ${cells[1]}`);
  }

  const dashboard = samples.get('admin dashboard');
  for (const kind of /** @type {Kind[]} */ (['cold', 'warm'])) {
    if (!dashboard) break;
    console.log(`\nAPI requests of the ${kind} admin dashboard (/admin/dashboard opened directly, first measured run): status, bytes, URL`);
    printApiRequests(dashboard[kind][0].requests);
  }
  const loginRuns = samples.get('login → dashboard');
  if (loginRuns) {
    console.log('\nAPI requests of the cold login → dashboard (login page, sign-in, dashboard):');
    printApiRequests(loginRuns.cold[0].requests);
  }
} catch (error) {
  ok = false;
  console.error(error);
} finally {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);

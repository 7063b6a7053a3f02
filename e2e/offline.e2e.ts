import { type Browser, type BrowserContext, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage } from './support/browser';
import { eventually, visible } from './support/expect';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * Issue 21, as a school lives it: the power and the data drop while Mrs. Adeyemi, class teacher of
 * JSS 1 A, takes the register and enters English Language scores. After one visit, the register and
 * the score grid open with Chromium offline; what she saves waits in the browser ("1 change waiting
 * to sync") and reaches the server when the connection returns; a register the administrator saved
 * meanwhile is shown beside hers, and she chooses.
 *
 * Its registers are two days of the First term of 2023/24 (the attendance and approval journeys count
 * the Third term's), taken by the seed: it marks students other than Chidera Late or Excused only (no
 * absence notice goes out) and puts the seed's marks back at the end. Its scores are the Third term's
 * English Language (empty in the seed), cleared again at the end.
 */

const CHIDERA = 'Okonkwo Chidera';
/** The marks this journey changes to: never Absent, which would send the guardians a notice. */
const MARKS = ['Present', 'Late', 'Excused'];
const ENGLISH = 'English Language';
const DAY_OFFLINE = '2023-11-21';
const DAY_CONFLICT = '2023-11-22';

let browser: Browser;
let teacher: StorageState;
let admin: StorageState;
let classId = '';
let sheetPlace: { termId: string; classId: string; subjectId: string };
/** The seed's registers of the two days, put back at the end. */
const seeded = new Map<string, Register>();

type Register = { version: string | null; saved: boolean; rows: Array<{ studentId: string; name: string; status: string }> };
type Sheet = { version: string; rows: Array<{ studentId: string; name: string; test1: number | null; exam: number | null }> };

async function call<T>(state: StorageState, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const api = await request.newContext({ baseURL: baseURL(), storageState: state });
  try {
    const token = state.cookies.find((c) => c.name === 'csrf_token')?.value ?? ((await (await api.get('/api/auth/csrf')).json()) as { token: string }).token;
    const res = await api.fetch(path, { method, data, headers: { 'x-csrf-token': token } });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  } finally {
    await api.dispose();
  }
}

const registerPath = (date: string) => `/api/attendance/register?classId=${classId}&date=${date}`;
const sheetPath = () => `/api/results/scores?${new URLSearchParams(sheetPlace)}`;
const statusOf = (register: Register, name: string) => register.rows.find((r) => r.name === name)?.status;
/** A mark other than the ones given (and never Absent). */
const markOtherThan = (...taken: Array<string | undefined>) => MARKS.find((m) => !taken.includes(m))!;
/** The first students of the register other than Chidera. */
const othersOf = (register: Register) => register.rows.filter((r) => r.name !== CHIDERA).map((r) => r.name);

/** Waits until the service worker controls the page and keeps the answer of `apiPath` for offline. */
async function readyOffline(page: Page, apiPath: string) {
  await eventually(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), 'the service worker controls the page').toBe('activated');
  await eventually(() => page.evaluate(async (path) => Boolean(await caches.match(path, { ignoreVary: true })), apiPath), `${apiPath} is kept`).toBe(true);
}

/**
 * Chromium's offline mode, and the same for the service worker: Chromium's emulation cuts the page's
 * requests but not the worker's, which the context's routes do reach.
 */
async function goOffline(context: BrowserContext, page: Page) {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  await eventually(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/** Ends the session of `state` on the server, as an expiry or a sign-out elsewhere would: the page's own sign-out never runs. */
async function endSessionElsewhere(state: StorageState) {
  const api = await request.newContext({ baseURL: baseURL(), storageState: state });
  try {
    const { token } = (await (await api.get('/api/auth/csrf')).json()) as { token: string };
    const res = await api.post('/api/auth/logout', { headers: { 'x-csrf-token': token } });
    expect(res.status(), await res.text()).toBe(204);
    expect(((await (await api.get('/api/bootstrap')).json()) as { user: unknown }).user).toBeNull();
  } finally {
    await api.dispose();
  }
}

/** The paths of the answers the service worker keeps for offline, each with the user of a kept /api/bootstrap. */
function keptAnswers(page: Page) {
  return page.evaluate(async () => {
    const kept: Array<{ path: string; user?: unknown }> = [];
    for (const name of (await caches.keys()).filter((k) => k.startsWith('school-api'))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        const user = url.pathname === '/api/bootstrap' ? ((await (await cache.match(request))!.json()) as { user: unknown }).user : undefined;
        kept.push({ path: url.pathname + url.search, ...(user === undefined ? {} : { user }) });
      }
    }
    return kept;
  });
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll();
  await context.setOffline(false);
}

async function withTeacherPage(fn: (page: Page, context: BrowserContext) => Promise<void>, state = teacher) {
  const { context, page, errors } = await newPage(browser, { storageState: state });
  try {
    await fn(page, context);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  [teacher, admin] = [cookiesOnly(await apiSignIn('teacher@demo.test')), cookiesOnly(await apiSignIn('admin@demo.test'))];
  const options = await call<{ classes: Array<{ id: string; name: string }> }>(teacher, 'GET', '/api/attendance/options');
  classId = options.classes.find((c) => c.name === 'JSS 1 A')!.id;
  const results = await call<{ terms: Array<{ id: string; name: string }>; subjects: Array<{ id: string; name: string }> }>(
    teacher,
    'GET',
    '/api/results/options',
  );
  sheetPlace = { termId: results.terms.find((t) => t.name === 'Third')!.id, classId, subjectId: results.subjects.find((s) => s.name === ENGLISH)!.id };
  // the seed took the two days; the sheet is empty
  for (const day of [DAY_OFFLINE, DAY_CONFLICT]) {
    const register = await call<Register>(teacher, 'GET', registerPath(day));
    expect(register.saved).toBe(true);
    seeded.set(day, register);
  }
  expect((await call<Sheet>(teacher, 'GET', sheetPath())).rows.every((r) => r.test1 === null && r.exam === null)).toBe(true);
});

afterAll(async () => {
  for (const [date, register] of seeded) {
    const entries = register.rows.map((r) => ({ studentId: r.studentId, status: r.status }));
    await call(admin, 'PUT', '/api/attendance/register', { classId, date, entries }).catch(() => undefined);
  }
  if (sheetPlace && admin) {
    const sheet = await call<Sheet>(admin, 'GET', `/api/records/results/scores?${new URLSearchParams(sheetPlace)}`).catch(() => null);
    if (sheet) {
      const blank = { test1: null, test2: null, assignment: null, exam: null };
      await call(admin, 'PUT', '/api/records/results/scores', { ...sheetPlace, rows: sheet.rows.map((r) => ({ studentId: r.studentId, ...blank })) }).catch(
        () => undefined,
      );
    }
  }
  await browser?.close();
});

describe('a teacher through a dropped connection', () => {
  it('opens the register offline after one visit, and the marks saved offline reach the server when the connection returns', () =>
    withTeacherPage(async (page, context) => {
      const before = seeded.get(DAY_OFFLINE)!;
      const [first, second] = othersOf(before);
      const marks = { [first]: markOtherThan(statusOf(before, first)), [second]: markOtherThan(statusOf(before, second), 'Present') };
      await page.goto(`/teachers/mark-attendance?classId=${classId}&date=${DAY_OFFLINE}`);
      await visible(page.getByRole('radio', { name: `Mark ${first} Late` }));
      await readyOffline(page, registerPath(DAY_OFFLINE));

      await goOffline(context, page);
      // a reload without a connection: the app, the user and the register come from the browser
      await page.reload();
      await visible(page.getByRole('heading', { level: 1, name: 'Mark Attendance' }));
      // truly offline, the service worker included: an answer it did not keep cannot be had
      expect(
        await page.evaluate(() =>
          fetch('/api/attendance/options?not-kept=1').then(
            (r) => r.status,
            () => 'failed',
          ),
        ),
      ).toBe('failed');
      expect(await page.getByRole('radio', { name: `Mark ${first} ${statusOf(before, first)}` }).getAttribute('aria-checked')).toBe('true');
      expect(await page.getByTestId('sync-status').textContent()).toBe('Offline');
      for (const [name, mark] of Object.entries(marks)) await page.getByRole('radio', { name: `Mark ${name} ${mark}` }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(page.getByText(/saved on this device: it will be sent when the connection returns/));
      await eventually(() => page.getByTestId('sync-status').textContent()).toBe('Offline · 1 change waiting to sync');
      // nothing reached the server yet
      const meanwhile = await call<Register>(teacher, 'GET', registerPath(DAY_OFFLINE));
      expect([statusOf(meanwhile, first), statusOf(meanwhile, second)]).toEqual([statusOf(before, first), statusOf(before, second)]);

      // the marks wait in the browser: a reload still offline shows them
      await page.reload();
      await visible(page.getByText('Saved on this device: waiting to sync'));
      for (const [name, mark] of Object.entries(marks))
        expect(await page.getByRole('radio', { name: `Mark ${name} ${mark}` }).getAttribute('aria-checked')).toBe('true');

      await goOnline(context);
      await visible(page.getByText('1 change saved on the server'));
      await page.getByTestId('sync-status').waitFor({ state: 'detached' });
      const saved = await call<Register>(teacher, 'GET', registerPath(DAY_OFFLINE));
      expect(saved.rows.map((r) => r.status)).toEqual(before.rows.map((r) => marks[r.name] ?? r.status));
      // the page shows the register as the server saved it
      await visible(page.getByText(/^Saved by Mrs\. Funmilayo Adeyemi/));
    }));

  it('opens the score grid offline after one visit, and the scores saved offline reach the server when the connection returns', () =>
    withTeacherPage(async (page, context) => {
      await page.goto(`/teachers/assessments/results?${new URLSearchParams(sheetPlace)}`);
      const grid = await visible(page.getByRole('table', { name: /Scores of JSS 1 A in English Language, Third term/ }));
      await readyOffline(page, sheetPath());

      await goOffline(context, page);
      await page.reload();
      await visible(grid);
      const sheet = await call<Sheet>(teacher, 'GET', sheetPath());
      const [first, second] = sheet.rows;
      await page.getByLabel(`Test 1 for ${first.name}`, { exact: true }).fill('12');
      await page.getByLabel(`Exam for ${first.name}`, { exact: true }).fill('48.5');
      await page.getByLabel(`Test 1 for ${second.name}`, { exact: true }).fill('9');
      await page.getByRole('button', { name: 'Save scores' }).click();
      await visible(page.getByText('Scores saved on this device: they will be sent when the connection returns'));
      await eventually(() => page.getByTestId('sync-status').textContent()).toBe('Offline · 1 change waiting to sync');
      expect((await call<Sheet>(teacher, 'GET', sheetPath())).rows.every((r) => r.test1 === null)).toBe(true);

      await page.reload();
      await visible(page.getByText(/Saved on this device: waiting to sync/));
      expect(await page.getByLabel(`Exam for ${first.name}`, { exact: true }).inputValue()).toBe('48.5');

      await goOnline(context);
      await visible(page.getByText('1 change saved on the server'));
      await page.getByTestId('sync-status').waitFor({ state: 'detached' });
      const saved = await call<Sheet>(teacher, 'GET', sheetPath());
      expect(saved.rows.find((r) => r.studentId === first.studentId)).toMatchObject({ test1: 12, exam: 48.5 });
      expect(saved.rows.find((r) => r.studentId === second.studentId)).toMatchObject({ test1: 9, exam: null });
      // the grid now shows the server's total for the first student
      await eventually(() =>
        page
          .getByRole('row', { name: new RegExp(first.name) })
          .getByRole('cell')
          .last()
          .textContent(),
      ).not.toBe('—');
    }));

  it('shows a register the administrator saved meanwhile beside hers, and keeps hers when she chooses, losing neither unseen', () =>
    withTeacherPage(async (page, context) => {
      const before = seeded.get(DAY_CONFLICT)!;
      const [student] = othersOf(before);
      const mine = markOtherThan(statusOf(before, student));
      const theirs = markOtherThan(statusOf(before, student), mine);
      await page.goto(`/teachers/mark-attendance?classId=${classId}&date=${DAY_CONFLICT}`);
      await visible(page.getByRole('radio', { name: `Mark ${student} Late` }));
      await readyOffline(page, registerPath(DAY_CONFLICT));
      await goOffline(context, page);
      await page.getByRole('radio', { name: `Mark ${student} ${mine}` }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await eventually(() => page.getByTestId('sync-status').textContent()).toBe('Offline · 1 change waiting to sync');

      // meanwhile the administrator corrects the same register, marking the same student otherwise
      const opened = await call<Register>(admin, 'GET', registerPath(DAY_CONFLICT));
      await call(admin, 'PUT', '/api/attendance/register', {
        classId,
        date: DAY_CONFLICT,
        baseVersion: opened.version,
        entries: opened.rows.map((r) => ({ studentId: r.studentId, status: r.name === student ? theirs : r.status })),
      });

      await goOnline(context);
      await eventually(() => page.getByTestId('sync-status').textContent()).toBe('1 change needs your choice');
      // neither is lost: the server keeps the administrator's until she chooses
      expect(statusOf(await call<Register>(teacher, 'GET', registerPath(DAY_CONFLICT)), student)).toBe(theirs);
      await page.getByRole('button', { name: 'Review' }).click();
      await page.getByRole('button', { name: 'Compare and choose' }).click();
      const dialog = await visible(page.getByRole('alertdialog', { name: /^Saved meanwhile: Register of JSS 1 A/ }));
      await visible(dialog.getByText('Someone else saved this register after you opened it.', { exact: false }));
      const row = dialog.getByRole('row', { name: new RegExp(student) });
      expect(await row.getByRole('cell').allTextContents()).toEqual([mine, theirs]);
      await visible(dialog.getByText(/The other version was saved by Mrs\. Bisola Adewale/));
      await dialog.getByRole('button', { name: 'Keep mine' }).click();
      await visible(page.getByText('1 change saved on the server'));
      await page.getByTestId('sync-status').waitFor({ state: 'detached' });
      expect(statusOf(await call<Register>(teacher, 'GET', registerPath(DAY_CONFLICT)), student)).toBe(mine);
    }));

  it('forgets what was kept for offline when she signs out', () =>
    withTeacherPage(async (page) => {
      await page.goto(`/teachers/mark-attendance?classId=${classId}&date=${DAY_OFFLINE}`);
      await visible(page.getByText(/^Saved by Mrs\. Funmilayo Adeyemi/));
      await readyOffline(page, registerPath(DAY_OFFLINE));
      await page
        .getByRole('banner')
        .getByRole('button', { name: / Teacher$/ })
        .click();
      await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Logout' }).click();
      await visible(page.getByRole('button', { name: 'Sign in' }));
      expect(await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('school-api')))).toEqual([]);
      expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('school-outbox');
    }));

  it('forgets what was kept for offline when her session ends without signing out, so the shared computer shows nothing of hers', async () => {
    // a session of her own: the other journeys' session stays
    const own = cookiesOnly(await apiSignIn('teacher@demo.test'));
    await withTeacherPage(async (page, context) => {
      await page.goto(`/teachers/mark-attendance?classId=${classId}&date=${DAY_OFFLINE}`);
      await visible(page.getByRole('radio', { name: `Mark ${CHIDERA} Late` }));
      await readyOffline(page, registerPath(DAY_OFFLINE));
      expect((await keptAnswers(page)).map((a) => a.path)).toContain(registerPath(DAY_OFFLINE));

      // the session ends on the server (expired, revoked, her password reset on another device)
      await endSessionElsewhere(own);
      await page.reload();
      await visible(page.getByRole('button', { name: 'Sign in' }));
      // only who is signed in (nobody) is kept: none of her answers
      await eventually(() => keptAnswers(page)).toEqual([{ path: '/api/bootstrap', user: null }]);

      // later, offline, someone opens her register on the same computer
      await goOffline(context, page);
      await page.goto(`/teachers/mark-attendance?classId=${classId}&date=${DAY_OFFLINE}`);
      await visible(page.getByRole('button', { name: 'Sign in' }));
      expect(await page.getByText('Funmilayo Adeyemi').count()).toBe(0);
      expect(await page.getByRole('radio').count()).toBe(0);
      expect(
        await page.evaluate(
          (path) =>
            fetch(path).then(
              (r) => r.status,
              () => 'failed',
            ),
          registerPath(DAY_OFFLINE),
        ),
      ).toBe('failed');
    }, own);
  });
});

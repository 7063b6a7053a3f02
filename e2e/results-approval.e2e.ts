import fs from 'node:fs';
import { type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, seriousA11yViolations, withPage as openPage } from './support/browser';
import { eventually, visible } from './support/expect';
import { pdfPageCount, pdfStrings } from './support/pdf';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * Issue 18, as a Nigerian school lives the end of a session: the demo school uses the approval chain
 * (ADR 0032). On the Third term of 2023/24 (which the seed leaves empty), the other subjects' sheets
 * are entered and submitted first (by the administrator, through the API); then in the browser Mrs.
 * Adeyemi enters JSS 1 A's English Language scores and submits the sheet, writes her class teacher's
 * comments from the bank and marks the class reviewed; the principal approves it and publishes; and
 * Chidera's printed Third term card carries the three terms' totals, the annual average and position,
 * the ratings, the remarks, the comments and the times school opened.
 *
 * At the end the publication is withdrawn, the sheets and the class returned, and the scores, ratings
 * and comments cleared, so that the demo's Third term is as it was (but for one register of Present
 * marks, which cannot be deleted and which nothing else counts).
 */

const ENGLISH = 'English Language';
const CHIDERA = 'Okonkwo Chidera Ifunanya';

let browser: Browser;
let admin: StorageState;
let teacher: StorageState;
let place: { termId: string; classId: string };
let englishId: string;
let sheets: Array<{ subjectId: string; subjectName: string }> = [];
let students: Array<{ studentId: string; name: string }> = [];

const withPage = (state: StorageState, fn: (page: Page) => Promise<void>) => openPage(browser, state, fn);

async function call<T>(state: StorageState, method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown): Promise<T> {
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

/** Scores of the i-th student in the j-th subject: different enough that positions and averages vary. */
const scoresOf = (i: number, j: number) => ({
  test1: 8 + ((i + j) % 7),
  test2: 9 + ((i * 3 + j) % 6),
  assignment: 5 + ((i + 2 * j) % 5),
  exam: 30 + ((i * 7 + j * 5) % 29),
});
const blank = { test1: null, test2: null, assignment: null, exam: null };

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
}

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, teacher] = [cookiesOnly(await apiSignIn('admin@demo.test')), cookiesOnly(await apiSignIn('teacher@demo.test'))];
  const options = await call<{
    terms: Array<{ id: string; name: string }>;
    classes: Array<{ id: string; name: string }>;
    subjects: Array<{ id: string; name: string }>;
  }>(teacher, 'GET', '/api/results/options');
  place = { termId: options.terms.find((t) => t.name === 'Third')!.id, classId: options.classes.find((c) => c.name === 'JSS 1 A')!.id };
  englishId = options.subjects.find((s) => s.name === ENGLISH)!.id;
  const approvals = await call<{ steps: Record<string, boolean>; classes: Array<{ classId: string; stage: string; sheets: typeof sheets }> }>(
    admin,
    'GET',
    `/api/results/approvals?termId=${place.termId}`,
  );
  // the demo school uses every step; this journey needs them
  expect(approvals.steps).toEqual({ submission: true, review: true, approval: true });
  const jss1a = approvals.classes.find((c) => c.classId === place.classId)!;
  expect(jss1a.stage).toBe('entering');
  sheets = jss1a.sheets;
  const sheet = await call<{ rows: Array<{ studentId: string; name: string; total: number | null }> }>(
    admin,
    'GET',
    `/api/records/results/scores?${new URLSearchParams({ ...place, subjectId: englishId })}`,
  );
  expect(sheet.rows.every((r) => r.total === null)).toBe(true);
  students = sheet.rows.map((r) => ({ studentId: r.studentId, name: r.name }));
  // every other subject's teacher has handed in their sheet (the administrator stands in for them here)
  for (const [j, s] of sheets.entries()) {
    if (s.subjectId === englishId) continue;
    await call(admin, 'PUT', '/api/records/results/scores', {
      ...place,
      subjectId: s.subjectId,
      rows: students.map((st, i) => ({ studentId: st.studentId, ...scoresOf(i, j) })),
    });
    await call(admin, 'POST', '/api/records/results/sheets/submit', { ...place, subjectId: s.subjectId });
  }
  // the class teacher's ratings and one register of the term, and the principal's comments
  const ratings = await call<{ traits: Array<{ id: string }> }>(teacher, 'GET', `/api/ratings/sheet?${new URLSearchParams(place)}`);
  await call(teacher, 'PUT', '/api/ratings/sheet', {
    ...place,
    entries: students.flatMap((st, i) => ratings.traits.map((t, k) => ({ studentId: st.studentId, traitId: t.id, rating: 1 + ((i + k) % 5) }))),
  });
  // the demo's Third term of 2023/24 begins on Monday 22 April 2024 (seed/calendar.ts)
  await call(teacher, 'PUT', '/api/attendance/register', {
    classId: place.classId,
    date: '2024-04-22',
    entries: students.map((st) => ({ studentId: st.studentId, status: 'Present' })),
  });
  await call(admin, 'PUT', '/api/report-cards/principal-comments', {
    ...place,
    rows: students.map((st) => ({ studentId: st.studentId, comment: 'A steady session. Well done.' })),
  });
});

afterAll(async () => {
  if (place && admin) {
    const quietly = (p: Promise<unknown>) => p.catch(() => undefined);
    await quietly(call(admin, 'POST', '/api/records/results/unpublish', place));
    await quietly(call(admin, 'POST', '/api/results/approvals/return', { ...place, note: 'Journey over' }));
    for (const s of sheets) {
      await quietly(call(admin, 'POST', '/api/records/results/sheets/return', { ...place, subjectId: s.subjectId, note: 'Journey over' }));
      await quietly(
        call(admin, 'PUT', '/api/records/results/scores', {
          ...place,
          subjectId: s.subjectId,
          rows: students.map((st) => ({ studentId: st.studentId, ...blank })),
        }),
      );
    }
    const ratings = await quietly(call<{ traits: Array<{ id: string }> }>(admin, 'GET', `/api/ratings/sheet?${new URLSearchParams(place)}`));
    if (ratings)
      await quietly(
        call(admin, 'PUT', '/api/ratings/sheet', {
          ...place,
          entries: students.flatMap((st) =>
            (ratings as { traits: Array<{ id: string }> }).traits.map((t) => ({ studentId: st.studentId, traitId: t.id, rating: null })),
          ),
        }),
      );
    const none = students.map((st) => ({ studentId: st.studentId, comment: '' }));
    await quietly(call(admin, 'PUT', '/api/report-cards/principal-comments', { ...place, rows: none }));
    await quietly(call(admin, 'PUT', '/api/report-cards/class-teacher-comments', { ...place, rows: none }));
  }
  await browser?.close();
});

describe('results through the approval chain to a printed third-term card', () => {
  it('the subject teacher enters her scores and submits the sheet, which closes it to her', () =>
    withPage(teacher, async (page) => {
      await page.goto('/teachers/assessments');
      await page.getByLabel('Term').selectOption({ label: 'Third term' });
      await page.getByLabel('Class').selectOption({ label: 'JSS 1 A' });
      await page.getByLabel('Subject').selectOption({ label: ENGLISH });
      await page.getByRole('button', { name: 'Enter scores' }).click();
      await visible(page.getByRole('table', { name: /Scores of JSS 1 A in English Language, Third term/ }));
      await visible(page.getByText('Not submitted yet'));
      const j = sheets.findIndex((s) => s.subjectId === englishId);
      for (const [i, st] of students.entries()) {
        const s = scoresOf(i, j);
        await page.getByRole('textbox', { name: `Test 1 for ${st.name}` }).fill(String(s.test1));
        await page.getByRole('textbox', { name: `Test 2 for ${st.name}` }).fill(String(s.test2));
        await page.getByRole('textbox', { name: `Assignment for ${st.name}` }).fill(String(s.assignment));
        await page.getByRole('textbox', { name: `Exam for ${st.name}` }).fill(String(s.exam));
      }
      await page.getByRole('button', { name: 'Save scores' }).click();
      await visible(page.getByText('Scores saved'));
      await page.getByRole('button', { name: 'Submit sheet' }).click();
      const confirm = await visible(page.getByRole('alertdialog', { name: 'Submit this sheet?' }));
      await confirm.getByRole('button', { name: 'Submit sheet' }).click();
      await visible(page.getByText(/^Submitted by Mrs\. Funmilayo Adeyemi/));
      // the grid is hers no more: read-only until the class teacher returns it
      await eventually(() => page.getByRole('button', { name: 'Submit sheet' }).count()).toBe(0);
      expect(await page.getByRole('textbox', { name: `Exam for ${students[0].name}` }).isEditable()).toBe(false);
      expect(await seriousA11yViolations(page)).toEqual([]);
    }));

  it("as class teacher she writes the class's comments from the bank and marks the class reviewed", () =>
    withPage(teacher, async (page) => {
      await page.goto('/teachers/class-teacher-comments');
      await page.getByLabel('Class').selectOption({ label: 'JSS 1 A' });
      await page.getByLabel('Term').selectOption({ label: 'Third' });
      await page.getByRole('button', { name: 'Fill empty comments with suggestions' }).click();
      await page.getByRole('button', { name: 'Save comments' }).click();
      await visible(page.getByText(/comments? saved/i));

      await page.goto(`/teachers/approvals?termId=${place.termId}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Results approval' }));
      await page.getByRole('button', { name: 'Mark reviewed: JSS 1 A' }).first().click();
      await visible(page.getByText('JSS 1 A marked reviewed'));
      expect(await seriousA11yViolations(page)).toEqual([]);
    }));

  it('the principal approves the class and publishes it', () =>
    withPage(admin, async (page) => {
      await page.goto(`/admin/records/approvals?termId=${place.termId}&level=JSS+1`);
      await page.getByRole('button', { name: 'Approve JSS 1 A' }).first().click();
      await visible(page.getByText('JSS 1 A approved'));
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto(`/admin/records/results?${new URLSearchParams(place)}`);
      await visible(page.getByRole('table', { name: /JSS 1 A — Third term, 2023\/24/ }));
      await page.getByRole('button', { name: 'Publish results' }).click();
      const dialog = await visible(page.getByRole('alertdialog', { name: 'Publish these results?' }));
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await visible(page.getByText('Results published for JSS 1 A'));
    }));

  it("prints Chidera's Third term card with the three terms, annual figures, ratings, remarks, comments and times school opened", () =>
    withPage(admin, async (page) => {
      const chidera = students.find((s) => s.name === CHIDERA)!;
      const card = await call<{
        cumulative: { annualAverage: number; annualPosition: number; classSize: number; terms: Array<{ name: string }> } | null;
        classTeacherComment: string | null;
        attendance: { daysOpen: number; present: number; absent: number } | null;
        subjects: Array<{ remark: string | null }>;
      }>(admin, 'GET', `/api/report-cards/${chidera.studentId}?termId=${place.termId}`);
      expect(card.cumulative?.terms.map((t) => t.name)).toEqual(['First', 'Second', 'Third']);
      expect(card.classTeacherComment).toMatch(/^Chidera /);
      expect(card.attendance?.present).toBe(1);
      expect(card.attendance!.daysOpen).toBeGreaterThan(40);

      await page.goto(`/admin/records/report-card/${chidera.studentId}?term=${place.termId}`);
      const article = await visible(page.getByRole('article', { name: `Report card of ${CHIDERA}` }));
      await visible(article.getByText('Third Term, 2023/24 Session'));
      await visible(article.getByText(`Annual position: ${card.cumulative!.annualPosition}`, { exact: false }));
      expect(await seriousA11yViolations(page)).toEqual([]);

      const pdf = await download(page, () => page.getByRole('link', { name: 'Download PDF' }).click());
      expect(pdfPageCount(pdf.bytes)).toBe(1);
      const strings = pdfStrings(pdf.bytes);
      const text = strings.join(' ');
      expect(strings).toEqual(expect.arrayContaining([CHIDERA, 'Third Term, 2023/24 Session', '1st', '2nd', '3rd', 'Cum.']));
      expect(text).toContain(`Annual position: ${card.cumulative!.annualPosition}`);
      expect(text).toMatch(/Annual average: \d+(\.\d\d)?/);
      expect(strings).toEqual(expect.arrayContaining(['AFFECTIVE TRAITS', 'PSYCHOMOTOR SKILLS', 'Punctuality', 'Handwriting']));
      expect(text).toContain('Key to ratings: 5 Excellent');
      for (const remark of new Set(card.subjects.map((s) => s.remark).filter(Boolean))) expect(strings).toContain(remark);
      expect(text).toContain(card.classTeacherComment!.slice(0, 30));
      expect(text).toContain('A steady session. Well done.');
      expect(strings).toEqual(
        expect.arrayContaining([`Times school opened: ${card.attendance!.daysOpen}`, 'Times present: 1', `Times absent: ${card.attendance!.absent}`]),
      );
      fs.mkdirSync('test-results', { recursive: true });
      fs.writeFileSync('test-results/third-term-card.pdf', pdf.bytes);
    }));
});

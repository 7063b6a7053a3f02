import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousA11yViolations, withPage as openPage } from './support/browser';
import { eventually, visible } from './support/expect';
import { pdfPageCount, pdfStrings } from './support/pdf';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * Issue 6, the report card: the administrator opens Chidera's report card for the First term of
 * 2023/24 (results the seed publishes for JSS 1 A), downloads its PDF, and the PDF's text shows the
 * same total, average and position as the page; the whole class's report cards download as one
 * PDF after a progress bar, and so do every class's for the term; Chidera sees the same figures on
 * her own report card. Nothing is changed but finished build records, which no other journey counts.
 */

const CHIDERA = 'Okonkwo Chidera Ifunanya';

let browser: Browser;
let admin: StorageState;
let student: StorageState;
let teacher: StorageState;

const withPage = (state: StorageState, fn: (page: Page) => Promise<void>) => openPage(browser, state, fn);

async function summaryOf(page: Page) {
  const summary = await visible(page.getByTestId('report-card-summary'));
  const lines = (await summary.locator('p').allTextContents()).map((t) => t.trim());
  const pick = (prefix: string) => lines.find((l) => l.startsWith(prefix))!;
  return { total: pick('Total: '), average: pick('Average: '), position: pick('Position: ') };
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(path) };
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = cookiesOnly(await apiSignIn('admin@demo.test'));
  student = cookiesOnly(await apiSignIn('student@demo.test'));
  teacher = cookiesOnly(await apiSignIn('teacher@demo.test'));
});

afterAll(async () => {
  await browser?.close();
});

describe('report cards', () => {
  let figures: { total: string; average: string; position: string };

  it("shows a student's published report card and its PDF carries the same figures", async () => {
    await withPage(admin, async (page) => {
      await page.goto('/admin/records/report-cards');
      await visible(page.getByRole('heading', { level: 1, name: 'Report Cards' }));
      await page.getByLabel('Class').selectOption({ label: 'JSS 1 A' });
      await page.getByLabel('Term').selectOption({ label: 'First' });
      await visible(page.getByText('Published', { exact: true }));
      await page.getByRole('link', { name: CHIDERA }).click();

      await visible(page.getByRole('heading', { level: 1, name: 'Report Card' }));
      const card = await visible(page.getByRole('article', { name: `Report card of ${CHIDERA}` }));
      await visible(card.getByText('First Term, 2023/24 Session'));
      await visible(card.getByRole('rowheader', { name: 'English Language' }));
      figures = await summaryOf(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(figures.total).toMatch(/^Total: \d+(\.\d\d)?$/);
      expect(figures.average).toMatch(/^Average: \d+(\.\d\d)?$/);
      expect(figures.position).toMatch(/^Position: \d+(st|nd|rd|th) of \d+$/);

      const pdf = await download(page, () => page.getByRole('link', { name: 'Download PDF' }).click());
      expect(pdf.name).toMatch(/^report-card-.*first-term.*\.pdf$/);
      expect(pdf.bytes.subarray(0, 8).toString()).toMatch(/^%PDF-1\.\d$/);
      const strings = pdfStrings(pdf.bytes);
      expect(strings).toContain(CHIDERA);
      expect(strings).toContain('First Term, 2023/24 Session');
      expect(strings).toContain(figures.total);
      expect(strings).toContain(figures.average);
      expect(strings).toContain(figures.position);
    });
  });

  it("builds the whole class's report cards as one PDF with a progress bar", async () => {
    await withPage(admin, async (page) => {
      await page.goto('/admin/records/report-cards');
      await page.getByLabel('Class').selectOption({ label: 'JSS 1 A' });
      await page.getByLabel('Term').selectOption({ label: 'First' });
      const rows = await visible(page.getByRole('link', { name: CHIDERA }));
      expect(await rows.count()).toBe(1);
      const students = await page.locator('[role="table"] a[href*="/admin/records/report-card/"]').count();
      const pdf = await download(page, () => page.getByRole('button', { name: 'Download class report cards (PDF)' }).click());
      const bar = page.getByRole('progressbar', { name: 'Building report cards of JSS 1 A' });
      await eventually(() => bar.getAttribute('aria-valuenow')).toBe(await bar.getAttribute('aria-valuemax'));
      await visible(page.getByText(/All \d+ report cards are in the PDF\./));
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(pdf.name).toMatch(/^report-cards-jss-1-a-first-term/);
      expect(pdfPageCount(pdf.bytes)).toBeGreaterThanOrEqual(students);
      expect(pdfStrings(pdf.bytes)).toEqual(expect.arrayContaining([CHIDERA, figures.total, figures.position]));
    });
  });

  it("builds every class's report cards of the term as one PDF with a progress bar, and offers it again later", async () => {
    await withPage(admin, async (page) => {
      await page.goto('/admin/records/report-cards');
      await page.getByLabel('Term').selectOption({ label: 'First' });
      const panel = await visible(page.getByRole('region', { name: 'Whole school' }));
      const pdf = await download(page, () => panel.getByRole('button', { name: 'Build all classes (PDF)' }).click());
      const bar = panel.getByRole('progressbar', { name: "Building the whole school's report cards for the First term" });
      await eventually(() => bar.getAttribute('aria-valuenow')).toBe(await bar.getAttribute('aria-valuemax'));
      const cards = Number(await bar.getAttribute('aria-valuemax'));
      await visible(panel.getByText(`All ${cards} report cards are in the PDF.`));
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(pdf.name).toBe('report-cards-all-classes-first-term-2023-24.pdf');
      expect(pdf.bytes.subarray(0, 8).toString()).toMatch(/^%PDF-1\.\d$/);
      expect(pdfPageCount(pdf.bytes)).toBe(cards);
      const strings = pdfStrings(pdf.bytes);
      expect(strings).toEqual(expect.arrayContaining([CHIDERA, figures.total, figures.position, 'First Term, 2023/24 Session']));
      // every class: Chidera's JSS 1 A and her brother Ebuka's Primary 4 B among them
      expect(strings).toEqual(expect.arrayContaining(['JSS 1 A', 'Primary 4 B']));

      // the file stays on the server: a later visit offers it without building again
      await page.reload();
      await page.getByLabel('Term').selectOption({ label: 'First' });
      const again = await visible(page.getByRole('region', { name: 'Whole school' }));
      await visible(again.getByText(new RegExp(`^${cards} report cards of \\d+ classes, built `)));
      const saved = await download(page, () => again.getByRole('link', { name: /^Download the PDF/ }).click());
      expect(saved.bytes.equals(pdf.bytes)).toBe(true);
    });
  });

  it('shows the student the same figures on her own report card', async () => {
    await withPage(student, async (page) => {
      await page.goto('/student/dashboard/me');
      const me = await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()) as { user: { studentId: string } });
      await page.goto(`/student/report-card/${me.user.studentId}`);
      await visible(page.getByRole('article', { name: `Report card of ${CHIDERA}` }));
      await visible(page.getByText('First Term, 2023/24 Session'));
      expect(await summaryOf(page)).toEqual(figures);
      // a term that is not published is not offered
      const options = await page.getByLabel('Term').locator('option').allTextContents();
      expect(options).toContain('First term, 2023/24');
      expect(options).not.toContain('Second term, 2023/24');
      // the whole of 2022/23 is published: its Third term card carries the three terms (ADR 0034)
      expect(options).toEqual(expect.arrayContaining(['Third term, 2022/23', 'Second term, 2022/23', 'First term, 2022/23']));
    });
  });

  it('lets the class teacher add comments as coloured chips and remove them again', async () => {
    await withPage(teacher, async (page) => {
      await page.goto('/teachers/teachers-comment');
      await visible(page.getByRole('heading', { level: 1, name: 'Teachers Comment' }));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Add Comments', exact: true }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Add Comments' }));
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await visible(dialog.getByText('Enter a comment'));
      await visible(dialog.getByText('Class is required'));
      await visible(dialog.getByText('Name is required'));
      await dialog.getByLabel('Comment').fill('Brilliant essay, Talks too much');
      await dialog.getByLabel('Assign to class').selectOption({ label: 'JSS 1 A' });
      await dialog.getByLabel('Name').selectOption({ label: 'Chidera Ifunanya Okonkwo' });
      await dialog.getByLabel('Score (0-10)').selectOption('9');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await eventually(() => dialog.isVisible()).toBe(false);

      await page.getByLabel('Class').selectOption({ label: 'JSS 1 A' });
      const row = page.getByRole('row', { name: /Chidera Ifunanya Okonkwo/ });
      const chip = await visible(row.getByText('Brilliant essay', { exact: true }));
      expect(await chip.locator('..').getAttribute('data-tone')).toBe('green');
      for (const comment of ['Brilliant essay', 'Talks too much']) {
        await row.getByRole('button', { name: `Remove comment ${comment}` }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
        await eventually(() => row.getByText(comment, { exact: true }).count()).toBe(0);
      }
    });
  });
});

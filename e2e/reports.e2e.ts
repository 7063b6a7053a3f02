import fs from 'node:fs';
import { type APIRequestContext, type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage, seriousA11yViolations } from './support/browser';
import { eventually, visible } from './support/expect';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * Issue 9's reports: what the page shows and what its CSV export holds are the same figures, and the
 * super administrator's comparison of the schools adds up to the organisation's own counts. Read-only:
 * nothing is changed in the demo data.
 */

let browser: Browser;
let admin: StorageState;
let owner: StorageState;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = cookiesOnly(await apiSignIn('admin@demo.test'));
  owner = cookiesOnly(await apiSignIn('super@demo.test'));
});
afterAll(async () => {
  await browser?.close();
});

/** The cells of the table's Total row, as shown. */
async function totalRow(page: Page, tableName: RegExp | string): Promise<string[]> {
  const total = page.getByRole('table', { name: tableName }).getByTestId('report-total');
  await visible(total);
  return (await total.locator('th, td').allInnerTexts()).map((text) => text.trim());
}

/** Clicks Export CSV and reads the file that downloads. */
async function exportCsv(page: Page): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  // the reports' cells hold no commas or quotes except school names, which these checks do not split
  return {
    name: download.suggestedFilename(),
    rows: text
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(',')),
  };
}

const nairaOnPage = (text: string) => text.replace(/[₦,]/g, '');

describe('school reports', () => {
  it('the administrator’s student report CSV downloads with the totals of the page', async () => {
    const { context, page, errors } = await newPage(browser, { storageState: admin });
    try {
      await page.goto('/admin/reports');
      await visible(page.getByRole('heading', { level: 1, name: 'Reports' }));
      await page.getByRole('link', { name: /Student Report/ }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Student Report' }));
      const shown = await totalRow(page, 'Students by class and gender, with the total');
      expect(shown[0]).toBe('Total');
      expect(await seriousA11yViolations(page)).toEqual([]);

      const csv = await exportCsv(page);
      expect(csv.name).toMatch(/^student-report-greenfield-academy-\d{4}-\d{2}\.csv$/);
      expect(csv.rows[0]).toEqual(['Class', 'Male', 'Female', 'Total']);
      expect(csv.rows.at(-1)).toEqual(shown.map((cell) => cell.replace(/,/g, '')));
      // and the rows add up to the total
      const body = csv.rows.slice(1, -1);
      expect(body.reduce((sum, row) => sum + Number(row[3]), 0)).toBe(Number(csv.rows.at(-1)![3]));
      expect(Number(csv.rows.at(-1)![3])).toBeGreaterThan(0);

      // printed: the figures without the sidebar, the top bar and the buttons
      const sidebar = page.getByRole('navigation', { name: 'Main' });
      expect(await sidebar.isVisible()).toBe(true);
      await page.emulateMedia({ media: 'print' });
      expect(await sidebar.isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'Export CSV' }).isVisible()).toBe(false);
      expect(await page.getByRole('table', { name: 'Students by class and gender, with the total' }).isVisible()).toBe(true);
      await page.emulateMedia({ media: 'screen' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the financial report’s CSV for the chosen term matches the page in naira', async () => {
    const { context, page, errors } = await newPage(browser, { storageState: admin });
    try {
      await page.goto('/admin/reports/financial');
      await visible(page.getByRole('heading', { level: 1, name: 'Financial Report' }));
      const table = /^Fees expected, collected and outstanding per class/;
      const shown = await totalRow(page, table);
      const csv = await exportCsv(page);
      expect(csv.name).toMatch(/-second-term\.csv$/);
      expect(csv.rows.at(-1)).toEqual(['Total', shown[1].replace(/,/g, ''), ...shown.slice(2).map(nairaOnPage)]);
      expect(Number(csv.rows.at(-1)![2])).toBeGreaterThan(0);

      // another term: the page and its CSV follow the choice
      await page.getByLabel('Term', { exact: true }).selectOption({ label: 'First term' });
      await visible(page.getByText(/Session 2023\/24 · First term/));
      const first = await exportCsv(page);
      expect(first.name).toMatch(/-first-term\.csv$/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('organisation reports', () => {
  let api: APIRequestContext;
  beforeAll(async () => {
    api = await request.newContext({ baseURL: baseURL(), storageState: owner });
  });
  afterAll(async () => {
    await api?.dispose();
  });

  it('the super administrator’s student report adds up to the organisation’s counts', async () => {
    const overview = (await (await api.get('/api/organisation/overview')).json()) as {
      schools: Array<{ id: string; name: string; students: number; activeSession: string | null }>;
      totals: { students: number };
    };
    const { context, page, errors } = await newPage(browser, { storageState: owner });
    try {
      await page.goto('/super-admin/reports');
      await page.getByRole('link', { name: /Student Report/ }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Student Report' }));
      const table = 'Students of each school by level group and gender, with the total';
      const shown = await totalRow(page, table);
      expect(shown[0]).toBe('All schools');
      expect(Number(shown.at(-1)!.replace(/,/g, ''))).toBe(overview.totals.students);
      // each school's row is that school's count
      for (const school of overview.schools) {
        const row = page
          .getByRole('table', { name: table })
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: school.name, exact: true }) });
        const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
        expect(Number(cells.at(-1)!.replace(/,/g, '')), school.name).toBe(school.students);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);

      // one school at a time
      const first = overview.schools[0];
      await page.getByLabel('School', { exact: true }).selectOption({ label: first.name });
      // the other schools leave the table (the previous answer stays on screen while the new one loads)
      await eventually(() => page.getByRole('table', { name: table }).locator('tbody tr').count()).toBe(1);
      await visible(page.getByRole('table', { name: table }).getByRole('rowheader', { name: first.name, exact: true }));
      const one = await totalRow(page, table);
      expect(Number(one.at(-1)!.replace(/,/g, ''))).toBe(first.students);

      const csv = await exportCsv(page);
      expect(csv.rows.at(-1)!.at(-1)).toBe(String(first.students));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the super administrator opens one school’s own student report: the same figures as its administrator’s', async () => {
    // the administrator's own report of Greenfield Academy, through the API
    const adminApi = await request.newContext({ baseURL: baseURL(), storageState: admin });
    const own = (await (await adminApi.get('/api/reports/school/students')).json()) as { school: { id: string; name: string }; totals: { total: number } };
    await adminApi.dispose();
    const { context, page, errors } = await newPage(browser, { storageState: owner });
    try {
      await page.goto('/super-admin/reports');
      await page.getByRole('region', { name: 'One school’s reports' }).getByRole('link', { name: own.school.name, exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: `${own.school.name} reports` }));
      await page.getByRole('link', { name: /Student Report/ }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Student Report' }));
      const shown = await totalRow(page, 'Students by class and gender, with the total');
      expect(Number(shown.at(-1)!.replace(/,/g, ''))).toBe(own.totals.total);
      const csv = await exportCsv(page);
      expect(csv.rows.at(-1)!.at(-1)).toBe(String(own.totals.total));
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousA11yViolations, withPage as openPage } from './support/browser';
import { eventually, visible } from './support/expect';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * Issue 19, the defects found walking the app as each role, checked in the browser on the demo
 * school: the set-up checklist, the register by keyboard, a phone's finance page, the admissions
 * class counts and a student's top bar. It changes nothing (the register is not saved).
 */

let browser: Browser;
let admin: StorageState;
let teacher: StorageState;
let student: StorageState;

const withPage = (state: StorageState, fn: (page: Page) => Promise<void>, width?: number) => openPage(browser, state, fn, width);

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, teacher, student] = [
    cookiesOnly(await apiSignIn('admin@demo.test')),
    cookiesOnly(await apiSignIn('teacher@demo.test')),
    cookiesOnly(await apiSignIn('student@demo.test')),
  ];
});

afterAll(async () => {
  await browser?.close();
});

describe('school set-up and the defects of issue 19', () => {
  it("shows the administrator the set-up steps, each ticked from the school's own data", () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/dashboard');
      // the demo school has done every step, so the list waits behind its link
      const show = page.getByRole('button', { name: 'Show set-up steps' });
      const heading = page.getByRole('heading', { name: 'Set up your school' });
      await eventually(async () => (await show.count()) + (await heading.count())).toBeGreaterThan(0);
      if (await show.count()) await show.click();
      await visible(heading);
      await visible(page.getByText('9 of 9 steps done'));
      expect(await page.getByRole('list', { name: 'Set-up steps' }).getByRole('listitem').count()).toBe(9);
      expect(await seriousA11yViolations(page)).toEqual([]);
    }));

  it('marks a register with the keyboard: one Tab stop per student, arrows choose the mark', () =>
    withPage(teacher, async (page) => {
      await page.goto('/teachers/mark-attendance');
      await eventually(() => page.getByLabel('Class', { exact: true }).inputValue()).not.toBe('');
      await page.getByLabel('Date', { exact: true }).fill('2024-05-15');
      const groups = page.getByRole('radiogroup');
      await eventually(() => groups.count()).toBeGreaterThan(2);
      const first = (await groups.nth(0).getAttribute('aria-label'))!.replace(/: attendance$/, '');
      const second = (await groups.nth(1).getAttribute('aria-label'))!.replace(/: attendance$/, '');
      await page.getByRole('radio', { name: `Mark ${first} Present` }).focus();
      await page.keyboard.press('ArrowRight');
      await eventually(() => page.getByRole('radio', { name: `Mark ${first} Absent` }).getAttribute('aria-checked')).toBe('true');
      // one Tab goes to the next student's marks, on the one that is chosen
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Mark ${second} Present`);
    }));

  it('fits the finance page on a phone, its tabs reachable', () =>
    withPage(
      admin,
      async (page) => {
        await page.goto('/admin/finance');
        await visible(page.getByRole('heading', { level: 1, name: 'Finance' }));
        const tabs = page.getByRole('tab');
        await eventually(() => tabs.count()).toBeGreaterThan(2);
        // nothing widens the page past the phone's screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await tabs.last().scrollIntoViewIfNeeded();
        expect(await tabs.last().isVisible()).toBe(true);
        expect(await seriousA11yViolations(page)).toEqual([]);
      },
      375,
    ));

  it('counts the students of each class in the admissions class picker', () =>
    withPage(admin, async (page) => {
      const { items: list } = (await (await page.request.get('/api/admissions/classes')).json()) as { items: Array<{ name: string; studentCount: number }> };
      expect(list.find((c) => c.name === 'JSS 1 A')?.studentCount).toBeGreaterThan(0);
      expect(list.every((c) => c.studentCount >= 0)).toBe(true);
    }));

  it('gives a student no search box that can only say "No results"', () =>
    withPage(student, async (page) => {
      await page.goto('/student/dashboard/me');
      await visible(page.getByRole('heading', { level: 1 }));
      expect(await page.getByRole('search').count()).toBe(0);
    }));
});

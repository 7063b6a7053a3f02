import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, withPage as openPage } from './support/browser';
import { visible } from './support/expect';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * The small screens of issues 3–5 and the parent portal: an administrator corrects a student's
 * address from the students table (and puts it back, leaving the demo data as found); a parent
 * opens a child from the dashboard and reads the profile, subjects and timetable.
 */

let browser: Browser;
let admin: StorageState;
let parent: StorageState;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = cookiesOnly(await apiSignIn('admin@demo.test'));
  parent = cookiesOnly(await apiSignIn('parent@demo.test'));
});
afterAll(async () => {
  await browser?.close();
});

const withPage = (state: StorageState, fn: (page: Page) => Promise<void>) => openPage(browser, state, fn);

/** From the students table to Chidera's edit page, then saves `address`; answers the address it replaced. */
async function editAddress(page: Page, address: string): Promise<string> {
  await page.goto('/admin/records/students');
  await page.getByLabel('Search students', { exact: true }).fill('Chidera');
  const row = page.getByRole('table', { name: 'Students' }).getByRole('row').filter({ hasText: 'Chidera' }).first();
  await row.getByRole('button', { name: /^Edit Chidera/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin/records/edit-student/'));
  const form = page.getByRole('form', { name: 'Student details' });
  const field = form.getByLabel('Address', { exact: true });
  await visible(field);
  const before = await field.inputValue();
  // every field keeps what the school had (selects included)
  expect(await form.getByLabel('Gender', { exact: true }).inputValue()).toBe('female');
  expect(await form.getByLabel('State of origin', { exact: true }).inputValue()).not.toBe('');
  await field.fill(address);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await visible(page.getByText(/details were updated\.$/));
  await page.waitForURL((url) => url.pathname.startsWith('/admin/records/student-profile/'));
  await visible(page.getByText(address, { exact: true }));
  return before;
}

describe('records: the administrator edits a student', () => {
  it('refuses an empty address with the shared message, saves a new one, and puts the old one back', () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/records/students');
      await page.getByLabel('Search students', { exact: true }).fill('Chidera');
      await page.getByRole('table', { name: 'Students' }).getByRole('row').filter({ hasText: 'Chidera' }).first().getByRole('link').first().click();
      await page.waitForURL((url) => url.pathname.startsWith('/admin/records/student-profile/'));
      await page.getByRole('link', { name: 'Edit details' }).click();
      const form = page.getByRole('form', { name: 'Student details' });
      await form.getByLabel('Address', { exact: true }).fill('   ');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await visible(form.getByText('Address is required', { exact: true }));

      const original = await editAddress(page, '12 Journey Close, Ikeja');
      expect(original).not.toBe('');
      expect(await editAddress(page, original)).toBe('12 Journey Close, Ikeja');
    }));
});

describe('parent portal: a child’s pages', () => {
  it('opens a child from the dashboard and reads the profile, subjects and timetable, with links to results, attendance and fees', () =>
    withPage(parent, async (page) => {
      await page.goto('/parent/dashboard');
      await page.getByRole('list', { name: 'Your children' }).getByRole('link', { name: 'Chidera Okonkwo' }).click();
      await page.waitForURL((url) => /^\/parent\/children\/[0-9a-f-]{36}$/.test(url.pathname));
      const childPath = new URL(page.url()).pathname;
      const nav = page.getByRole('navigation', { name: 'Chidera Okonkwo’s pages' });
      await visible(page.getByRole('heading', { level: 2, name: 'Guardians' }));
      await visible(page.getByText('Adaeze Okonkwo', { exact: true }));
      for (const [label, suffix] of [
        ['Results', '/results'],
        ['Attendance', '/attendance'],
        ['Fees', '/fees'],
      ]) {
        expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(`${childPath}${suffix}`);
      }

      await nav.getByRole('link', { name: 'Subjects', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `${childPath}/subjects`);
      const { items } = (await (await page.request.get(`/api/students/${childPath.split('/').pop()}/subjects`)).json()) as { items: Array<{ name: string }> };
      expect(items.length).toBeGreaterThan(0);
      const first = items[0].name;
      await visible(page.getByText(first, { exact: true }).first());

      await nav.getByRole('link', { name: 'Timetable', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `${childPath}/timetable`);
      await visible(page.getByRole('heading', { level: 1, name: /^Time Table · JSS 1 A/ }));
      await visible(page.getByRole('button', { name: 'Print' }));

      // the sidebar's Children entry lists both children
      await page.getByRole('link', { name: 'Children', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/parent/children');
      await visible(page.getByRole('link', { name: 'Ebuka Okonkwo' }));
    }));
});

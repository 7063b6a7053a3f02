import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, withPage as openPage } from './support/browser';
import { eventually, visible } from './support/expect';
import { apiSignIn, type StorageState } from './support/session';

/*
 * The signed-in shell: role areas, sidebar, breadcrumbs, the session dropdown, unknown pages.
 * Three sign-ins for the whole file; every test opens its own context from a saved state.
 */

let browser: Browser;
let admin: StorageState;
let teacher: StorageState;
let student: StorageState;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, teacher, student] = [await apiSignIn('admin@demo.test'), await apiSignIn('teacher@demo.test'), await apiSignIn('student@demo.test')];
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a page signed in with `state`, runs `fn`, checks no script error escaped, closes it. */
const withPage = (state: StorageState | undefined, fn: (page: Page) => Promise<void>) => openPage(browser, state, fn);

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allInnerTexts();
const width = (locator: Locator) => locator.evaluate((el) => Math.round(el.getBoundingClientRect().width));

describe('role areas', () => {
  it('a teacher opening the admin’s finance page is sent to the teacher dashboard', () =>
    withPage(teacher, async (page) => {
      await page.goto('/admin/finance');
      await page.waitForURL((url) => url.pathname === '/teachers/dashboard');
      await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Funmilayo' }));
      expect(await page.getByRole('heading', { name: 'Finance' }).count()).toBe(0);
    }));

  it('an admin opening a student page is sent to the admin dashboard', () =>
    withPage(admin, async (page) => {
      await page.goto('/student/results/00000000-0000-4000-8000-000000000000');
      await page.waitForURL((url) => url.pathname === '/admin/dashboard');
      await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Bisola' }));
    }));

  it('a signed-in user on the login page goes on to their dashboard', () =>
    withPage(teacher, async (page) => {
      await page.goto('/auth/login');
      await page.waitForURL((url) => url.pathname === '/teachers/dashboard');
      await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Funmilayo' }));
    }));
});

describe('not-found page', () => {
  it('an unknown route shows the not-found page', () =>
    withPage(undefined, async (page) => {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(200); // history fallback: the app decides
      await visible(page.getByRole('heading', { level: 1, name: 'Page not found' }));
      await visible(page.getByText('The page you are looking for does not exist or has moved.'));
      expect(await page.title()).toMatch(/Page not found/);
    }));

  it('an unknown page inside a role’s area shows it within the shell', () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/no-such-page');
      await visible(page.getByRole('heading', { level: 1, name: 'Page not found' }));
      await visible(page.getByRole('complementary', { name: 'Sidebar' }));
    }));
});

describe('sidebar', () => {
  it('collapses to 4rem with labels hidden, expands to 12rem, and remembers it across a reload', () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/dashboard');
      await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Bisola' }));
      const aside = page.getByRole('complementary', { name: 'Sidebar' });
      const labels = aside.getByRole('navigation', { name: 'Main' }).getByRole('link').locator('span');
      const labelWidths = () => labels.evaluateAll((spans) => spans.map((s) => Math.round(s.getBoundingClientRect().width)));

      await eventually(() => width(aside)).toBe(192);
      expect(await aside.getByRole('link', { name: 'Dashboard' }).innerText()).toBe('Dashboard');
      expect((await labelWidths()).every((w) => w > 20)).toBe(true);

      await aside.getByRole('button', { name: 'Collapse sidebar' }).click();
      await eventually(() => width(aside)).toBe(64);
      // labels stay for screen readers (sr-only, 1px) but are not shown
      await eventually(async () => (await labelWidths()).every((w) => w <= 1)).toBe(true);
      expect((await labelWidths()).length).toBeGreaterThan(3);
      await visible(aside.getByRole('button', { name: 'Expand sidebar' }));
      // the page content moves with it
      await eventually(() => page.locator('#main-content').evaluate((el) => Math.round(el.getBoundingClientRect().left))).toBeLessThan(192);

      await page.reload();
      await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Bisola' }));
      await visible(aside.getByRole('button', { name: 'Expand sidebar' }));
      await eventually(() => width(aside)).toBe(64);

      await aside.getByRole('button', { name: 'Expand sidebar' }).click();
      await eventually(() => width(aside)).toBe(192);
      await eventually(async () => (await labelWidths()).every((w) => w > 20)).toBe(true);
      await visible(aside.getByRole('button', { name: 'Collapse sidebar' }));

      await page.reload();
      await visible(aside.getByRole('button', { name: 'Collapse sidebar' }));
      await eventually(() => width(aside)).toBe(192);
    }));
});

describe('account menu', () => {
  it('is named by the name and role it shows, and offers Profile and Logout', () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/dashboard');
      const button = page.getByRole('banner').getByRole('button', { name: 'Mrs. Bisola Adewale Admin' });
      await visible(button);
      // name and role are on screen at this width, not only for screen readers
      expect(await button.getByText('Mrs. Bisola Adewale', { exact: true }).evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(50);
      await button.click();
      const menu = page.getByRole('menu', { name: 'Account' });
      await visible(menu.getByRole('menuitem', { name: 'Profile' }));
      await visible(menu.getByRole('menuitem', { name: 'Logout' }));
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }));
});

describe('breadcrumbs', () => {
  it('read Home > Academics > Staff on /admin/academics/staff, linking back', () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/academics/staff');
      await visible(page.getByRole('heading', { level: 1, name: 'Staff' }));
      await eventually(() => crumbs(page)).toEqual(['Home', 'Academics', 'Staff']);
      const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await trail.locator('[aria-current="page"]').innerText()).toBe('Staff');
      await trail.getByRole('link', { name: 'Academics' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/academics');
      await eventually(() => crumbs(page)).toEqual(['Home', 'Academics']);
      await trail.getByRole('link', { name: 'Home' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    }));

  it('leave out the student id on /student/results/<id>', () =>
    withPage(student, async (page) => {
      const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { studentId: string } };
      await page.goto(`/student/results/${me.user.studentId}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Results' }));
      await eventually(() => crumbs(page)).toEqual(['Home', 'Results']);
      const trailText = await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText();
      expect(trailText).not.toContain(me.user.studentId);
    }));
});

describe('session dropdown', () => {
  it('lists the school’s sessions 2019/20 … 2023/24 with 2023/24 selected', () =>
    withPage(admin, async (page) => {
      const api = (await (await page.request.get('/api/academic-sessions')).json()) as { items: Array<{ name: string }> };
      await page.goto('/admin/dashboard');
      const select = page.getByRole('combobox', { name: 'Academic session' });
      await visible(select);
      await eventually(() => select.isEnabled()).toBe(true);
      const options = await select.evaluate((el: HTMLSelectElement) => Array.from(el.options).map((o) => ({ text: o.text.trim(), selected: o.selected })));
      const names = options.map((o) => o.text.replace(/\s*\(Active\)$/, ''));
      expect([...names].sort()).toEqual(['2019/20', '2020/21', '2021/22', '2022/23', '2023/24']);
      expect(names).toEqual(api.items.map((s) => s.name));
      expect(options.filter((o) => o.selected).map((o) => o.text)).toEqual(['2023/24 (Active)']);
      // the dashboard tells the same
      await visible(page.getByText('2023/24', { exact: true }));
    }));
});

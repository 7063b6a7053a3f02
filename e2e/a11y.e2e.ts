import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, seriousA11yViolations } from './support/browser';
import { visible } from './support/expect';
import { apiSignIn, type StorageState } from './support/session';

/* axe-core finds no serious or critical violation on the public pages and each role's dashboard. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function scan(opts: { width: number; storageState?: StorageState }, open: (page: Page) => Promise<void>) {
  const { context, page, errors } = await newPage(browser, opts);
  try {
    await open(page);
    // the page has settled: no request in flight (data loaded, lazy chunks in)
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('public pages', () => {
  it.each([1280, 375])('/auth/login at %i px', (width) =>
    scan({ width }, async (page) => {
      await page.goto('/auth/login');
      await visible(page.getByRole('button', { name: 'Sign in' }));
    }),
  );

  it('/auth/login with its validation messages showing', () =>
    scan({ width: 1280 }, async (page) => {
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await visible(page.getByText('Email is required'));
    }));

  it('/ at 1280 px', () =>
    scan({ width: 1280 }, async (page) => {
      await page.goto('/');
      await visible(page.locator('section#testimonials'));
    }));
});

describe('dashboards at 1280 px', () => {
  const DASHBOARDS = [
    { email: 'super@demo.test', path: '/super-admin/dashboard', firstName: 'Olumide' },
    { email: 'admin@demo.test', path: '/admin/dashboard', firstName: 'Bisola' },
    { email: 'teacher@demo.test', path: '/teachers/dashboard', firstName: 'Funmilayo' },
    { email: 'student@demo.test', path: '/student', firstName: 'Chidera' },
    { email: 'parent@demo.test', path: '/parent/dashboard', firstName: 'Adaeze' },
  ];

  it.each(DASHBOARDS)('$path', ({ email, path, firstName }) =>
    apiSignIn(email).then((storageState) =>
      scan({ width: 1280, storageState }, async (page) => {
        await page.goto(path);
        await visible(page.getByRole('heading', { level: 1, name: `Welcome, ${firstName}` }));
        if (email === 'parent@demo.test') await visible(page.getByRole('list', { name: 'Your children' }));
      }),
    ),
  );
});

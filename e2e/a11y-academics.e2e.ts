import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, seriousA11yViolations } from './support/browser';
import { visible } from './support/expect';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * axe-core finds no serious or critical violation on the pages of issue 4 (sessions, classes,
 * subjects, timetable, lesson notes, the student's week), at 1280 px, each scanned once its data
 * is on screen. Reads only: nothing in the shared school is changed.
 */

let browser: Browser;
let admin: StorageState;
let teacher: StorageState;
let student: StorageState;

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

async function scan(storageState: StorageState, open: (page: Page) => Promise<void>) {
  const { context, page, errors } = await newPage(browser, { width: 1280, storageState });
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

describe('accessibility of the academics pages at 1280 px', () => {
  it('/admin/settings (Sessions & terms)', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/settings');
      await visible(page.getByRole('list', { name: 'Sessions' }).getByRole('heading', { level: 3, name: '2023/24' }));
    }));

  it('/admin/academics/class', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/academics/class');
      await visible(page.getByRole('table', { name: 'Classes' }).getByText('Nursery 1 A', { exact: true }));
    }));

  it('/admin/academics/subject', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/academics/subject');
      await visible(page.getByRole('button', { name: 'View and assign Basic Science', exact: true }));
    }));

  it('/admin/academics/time-table', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/academics/time-table');
      await visible(page.getByRole('grid').getByRole('button', { name: /^Monday 8:00 AM: / }));
    }));

  it('/teachers/lesson-notes', () =>
    scan(teacher, async (page) => {
      await page.goto('/teachers/lesson-notes');
      await visible(page.getByRole('heading', { level: 1, name: 'Lesson Notes' }));
      // the table (the seed has notes awaiting review), or its empty message should a school have none
      await visible(page.getByRole('table', { name: 'Lesson notes' }).or(page.getByRole('status').filter({ hasText: 'There are no records to display' })));
    }));

  it('/admin/academics/lesson-note', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/academics/lesson-note');
      await visible(page.getByRole('heading', { level: 1, name: 'Lesson Notes' }));
      // the table (the seed has notes awaiting review), or its empty message should a school have none
      await visible(page.getByRole('table', { name: 'Lesson notes' }).or(page.getByRole('status').filter({ hasText: 'There are no records to display' })));
    }));

  it('/student/timetable/{id}', () =>
    scan(student, async (page) => {
      const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { studentId: string } };
      await page.goto(`/student/timetable/${me.user.studentId}`);
      await visible(page.getByRole('table', { name: 'JSS 1 A timetable' }).getByText('BREAK', { exact: true }));
    }));
});

import { type APIRequestContext, type Browser, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage, seriousA11yViolations } from './support/browser';
import { eventually, visible } from './support/expect';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * Issue 4's promotion, as an administrator runs it at the end of a session. It runs in the second
 * demo school (Greenfield Nursery & Primary, Lekki): promotion needs a later session, a session
 * cannot be deleted, and the main school's list of sessions is checked by shell.e2e.ts. The first
 * class with students goes from 2023/24 into 2024/25, one student kept back by the administrator.
 */

interface View {
  toSession: { name: string };
  classes: Array<{ classId: string; className: string; studentCount: number; placedCount: number }>;
  students: Array<{ studentId: string; name: string; proposed: string; placedIn: { className: string } | null }>;
}

let browser: Browser;
let admin: StorageState;
let api: APIRequestContext;
let csrf = '';
let fromId = '';
let toId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = cookiesOnly(await apiSignIn('admin2@demo.test'));
  api = await request.newContext({ baseURL: baseURL(), storageState: admin });
  csrf = ((await (await api.get('/api/auth/csrf')).json()) as { token: string }).token;
  const sessions = (await (await api.get('/api/academic-sessions')).json()) as { items: Array<{ id: string; name: string; status: string }> };
  fromId = sessions.items.find((s) => s.status === 'Active')!.id;
  const existing = sessions.items.find((s) => s.name === '2024/25');
  if (existing) toId = existing.id;
  else {
    const res = await api.post('/api/settings/academic-sessions', { headers: { 'x-csrf-token': csrf }, data: { name: '2024/25', status: 'Pending' } });
    expect(res.status(), await res.text()).toBe(201);
    toId = ((await res.json()) as { id: string }).id;
  }
});
afterAll(async () => {
  await api?.dispose();
  await browser?.close();
});

async function view(classId?: string): Promise<View> {
  const res = await api.get(`/api/promotion?fromSessionId=${fromId}&toSessionId=${toId}${classId ? `&classId=${classId}` : ''}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as View;
}

describe('end-of-session promotion', () => {
  it('the administrator keeps one student back, promotes the rest of a class, and a second run changes nothing', async () => {
    const before = await view();
    const target = before.classes.find((c) => c.studentCount > 1 && c.placedCount === 0);
    expect(target, 'a class with students not yet promoted').toBeDefined();
    const { students } = await view(target!.classId);
    const keptBack = students[0];
    const others = students.length - 1;

    const { context, page, errors } = await newPage(browser, { storageState: admin });
    try {
      await page.goto('/admin/academics/promotion');
      await visible(page.getByRole('heading', { level: 1, name: 'Promotion' }));
      await eventually(() => page.getByLabel('Into', { exact: true }).locator('option:checked').innerText()).toBe('2024/25 (Pending)');
      await page
        .getByRole('navigation', { name: 'Classes' })
        .getByRole('button', { name: new RegExp(`^${target!.className} `) })
        .click();
      await visible(page.getByRole('heading', { level: 2, name: `${target!.className}: 2023/24 → 2024/25` }));

      const table = page.getByRole('table', { name: `Students of ${target!.className}` });
      const row = table.getByRole('row').filter({ hasText: keptBack.name });
      await row.getByLabel(`Decision for ${keptBack.name}`).selectOption('repeat');
      await visible(row.getByText(target!.className, { exact: true }));
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('button', { name: `Promote ${target!.className}` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Promote ${target!.className}?` });
      await visible(confirm.getByText(`${students.length} students get their class in 2024/25`, { exact: false }));
      await confirm.getByRole('button', { name: 'Promote' }).click();
      await visible(page.getByText(`Promotion done: ${others} promoted, 1 repeating, 0 graduated.`, { exact: true }));
      await eventually(() => table.getByText('Placed', { exact: true }).count()).toBe(students.length);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const after = await view(target!.classId);
    const placed = Object.fromEntries(after.students.map((s) => [s.studentId, s.placedIn?.className]));
    expect(placed[keptBack.studentId]).toBe(target!.className);
    const nextClass = after.students.find((s) => s.studentId !== keptBack.studentId)!.placedIn!.className;
    expect(nextClass).not.toBe(target!.className);
    expect(Object.values(placed).filter((c) => c === nextClass)).toHaveLength(others);

    const again = await api.post('/api/promotion', {
      headers: { 'x-csrf-token': csrf },
      data: { fromSessionId: fromId, toSessionId: toId, classId: target!.classId, decisions: [] },
    });
    expect(await again.json()).toEqual({ promoted: 0, repeated: 0, graduated: 0, unchanged: students.length, classesCreated: [] });
  });
});

import { type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, seriousA11yViolations, withPage as openPage } from './support/browser';
import { visible } from './support/expect';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * Issue 9, the dashboards: each role's dashboard shows figures equal to what the owning area's API
 * answers (students list, staff list, applications, finance summary, attendance, results, fees).
 * Read-only: nothing in the demo data changes.
 */

let browser: Browser;
let admin: StorageState;
let teacher: StorageState;
let student: StorageState;
let parent: StorageState;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, teacher, student, parent] = [
    cookiesOnly(await apiSignIn('admin@demo.test')),
    cookiesOnly(await apiSignIn('teacher@demo.test')),
    cookiesOnly(await apiSignIn('student@demo.test')),
    cookiesOnly(await apiSignIn('parent@demo.test')),
  ];
});
afterAll(async () => {
  await browser?.close();
});

const withPage = (state: StorageState, width: number, fn: (page: Page) => Promise<void>) => openPage(browser, state, fn, width);

async function getJson<T>(state: StorageState, path: string): Promise<T> {
  const api = await request.newContext({ baseURL: baseURL(), storageState: state });
  try {
    const res = await api.get(path);
    expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
    return (await res.json()) as T;
  } finally {
    await api.dispose();
  }
}

const count = new Intl.NumberFormat('en-NG');
const naira = (kobo: number) =>
  `₦${Math.floor(Math.round(kobo) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(Math.round(kobo) % 100).toString().padStart(2, '0')}`;
const percent = (rate: number | null) => (rate === null ? '—' : `${rate.toLocaleString('en-NG', { maximumFractionDigits: 1 })}%`);

/** The value (first dd) of the stat card labelled `label`, inside `scope`. */
const cardValue = (page: Page, label: string, scope = page.locator('main')) => scope.locator(`dl:has(> dt:text-is("${label}")) > dd`).first();

type Dash = Record<string, any>;

describe('dashboards show the figures of the areas that own them', () => {
  it('admin: students, staff, applications, fees and attendance equal the areas’ answers', async () => {
    const dash = await getJson<Dash>(admin, '/api/dashboard/admin');
    const students = await getJson<{ total: number }>(admin, '/api/students?page=1&pageSize=1');
    const male = await getJson<{ total: number }>(admin, '/api/students?page=1&pageSize=1&gender=male');
    const staff = await getJson<{ total: number }>(admin, '/api/staff?page=1&pageSize=1&status=active');
    const pending = await getJson<{ total: number }>(admin, '/api/admissions/applications?page=1&pageSize=1&status=Pending');
    expect(dash.students.total).toBe(students.total);
    expect(dash.students.male).toBe(male.total);
    expect(dash.staff.total).toBe(staff.total);
    expect(dash.applications.pending).toBe(pending.total);
    if (dash.term) {
      const { summary } = await getJson<{ summary: Dash | null }>(admin, `/api/finance/summary?termId=${dash.term.id}`);
      expect(dash.fees.collectedKobo).toBe(summary?.collectedKobo ?? 0);
      expect(dash.fees.expectedKobo).toBe(summary?.expectedKobo ?? 0);
    }
    expect(students.total).toBeGreaterThan(0);

    for (const width of [1280, 375]) {
      await withPage(admin, width, async (page) => {
        await page.goto('/admin/dashboard');
        await visible(page.getByRole('heading', { name: 'Students by class and gender' }));
        expect(await cardValue(page, 'Students').textContent()).toBe(count.format(students.total));
        expect(await cardValue(page, 'Staff').textContent()).toBe(count.format(staff.total));
        expect(await cardValue(page, 'Attendance today').textContent()).toBe(
          dash.attendance.registersTaken === 0 ? 'No register' : percent(dash.attendance.rate),
        );
        if (dash.term) expect(await cardValue(page, `Fees collected · ${dash.term.name} term`).textContent()).toBe(naira(dash.fees.collectedKobo));
        await visible(page.getByText(pending.total === 1 ? '1 application pending' : `${count.format(pending.total)} applications pending`));
        // the chart names every class with its count
        const chart = page.getByRole('img', { name: /Students per class by gender/ });
        for (const c of dash.students.byClass.slice(0, 3)) await visible(chart.getByText(c.className, { exact: true }));
        await visible(page.getByRole('heading', { name: 'Latest notices' }));
        if (width === 1280) expect(await seriousA11yViolations(page)).toEqual([]);
        if (width === 375) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        }
      });
    }
  });

  it('teacher: classes, registers not taken and lesson notes equal the areas’ answers', async () => {
    const dash = await getJson<Dash>(teacher, '/api/dashboard/teacher');
    const drafts = await getJson<{ total: number }>(teacher, '/api/lesson-notes?page=1&status=Draft');
    const rejected = await getJson<{ total: number }>(teacher, '/api/lesson-notes?page=1&status=Rejected');
    expect(dash.lessonNotes.drafts + dash.lessonNotes.rejected).toBe(drafts.total + rejected.total);
    const jss1a = dash.classes.find((c: Dash) => c.className === 'JSS 1 A');
    expect(jss1a?.classTeacher).toBe(true);
    const inClass = await getJson<{ total: number }>(teacher, `/api/students?page=1&pageSize=1&classId=${jss1a.classId}`);
    expect(jss1a.students).toBe(inClass.total);

    await withPage(teacher, 375, async (page) => {
      await page.goto('/teachers/dashboard');
      await visible(page.getByRole('heading', { name: 'Your lessons today' }));
      expect(await cardValue(page, 'Your classes').textContent()).toBe(count.format(dash.classes.length));
      expect(await cardValue(page, 'Registers to take today').textContent()).toBe(count.format(dash.registersNotMarked.length));
      expect(await cardValue(page, 'Lesson notes to finish').textContent()).toBe(count.format(drafts.total + rejected.total));
      expect(await seriousA11yViolations(page)).toEqual([]);
      const classes = page.getByRole('list', { name: 'Your classes' });
      await visible(classes.getByText('JSS 1 A', { exact: false }));
      if (dash.registersNotMarked.length > 0) {
        const link = page.getByRole('link', { name: `Mark attendance for ${dash.registersNotMarked[0].className}` });
        await link.click();
        await page.waitForURL(/\/teachers\/mark-attendance\?classId=/);
      } else {
        await visible(page.getByText(/No register waiting/));
      }
    });
  });

  it('student: attendance, latest published results and fee balance equal the areas’ answers', async () => {
    const me = await getJson<{ user: { studentId: string } }>(student, '/api/auth/session');
    const id = me.user.studentId;
    const dash = await getJson<Dash>(student, `/api/dashboard/students/${id}`);
    if (dash.term) {
      const att = await getJson<Dash>(student, `/api/students/${id}/attendance?termId=${dash.term.id}`);
      expect(dash.attendance).toMatchObject({ present: att.totals.present, late: att.totals.late, daysOpen: att.totals.daysOpen, rate: att.totals.rate });
    }
    const fees = await getJson<Dash>(student, `/api/fees/${id}`);
    expect(dash.fees === null ? 0 : dash.fees.outstandingKobo).toBe(fees.outstandingKobo);
    const api = await request.newContext({ baseURL: baseURL(), storageState: student });
    const results = await api.get(`/api/results/students/${id}`);
    if (results.ok()) {
      const terms = (await results.json()).terms as Dash[];
      const latest = terms.find((t) => t.published);
      if (latest) expect(dash.results).toMatchObject({ status: 'published', termId: latest.termId, average: latest.average, position: latest.position });
      else expect(dash.results.status).toBe('none');
    } else {
      expect(results.status()).toBe(403);
      expect(dash.results.status).toBe('locked');
    }
    await api.dispose();

    await withPage(student, 375, async (page) => {
      await page.goto(`/student/dashboard/${id}`);
      await visible(page.getByRole('heading', { name: 'Today’s timetable' }));
      const label = dash.term ? `Attendance · ${dash.term.name} term` : 'Attendance this term';
      expect(await cardValue(page, label).textContent()).toBe(dash.attendance.rate === null ? 'No register yet' : percent(dash.attendance.rate));
      expect(await cardValue(page, 'Fee balance').textContent()).toBe(dash.fees ? naira(fees.outstandingKobo) : 'No fees yet');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('link', { name: /^Results of / }).click();
      await page.waitForURL(`**/student/results/${id}`);
    });
  });

  it('parent: each child’s attendance, results and fee balance equal the areas’ answers', async () => {
    const dash = await getJson<Dash>(parent, '/api/dashboard/parent');
    const children = await getJson<{ items: Array<{ studentId: string; name: string }> }>(parent, '/api/parent/children');
    expect(dash.children.map((c: Dash) => c.studentId).sort()).toEqual(children.items.map((c) => c.studentId).sort());
    for (const child of dash.children as Dash[]) {
      const fees = await getJson<Dash>(parent, `/api/fees/${child.studentId}`);
      expect(child.fees === null ? 0 : child.fees.outstandingKobo).toBe(fees.outstandingKobo);
      if (dash.term) {
        const att = await getJson<Dash>(parent, `/api/students/${child.studentId}/attendance?termId=${dash.term.id}`);
        expect(child.attendance.rate).toBe(att.totals.rate);
        expect(child.attendance.daysOpen).toBe(att.totals.daysOpen);
      }
    }

    await withPage(parent, 375, async (page) => {
      await page.goto('/parent/dashboard');
      for (const child of dash.children as Dash[]) {
        const section = page.locator('section', { has: page.getByRole('heading', { name: new RegExp(child.name) }) }).last();
        await visible(section);
        expect(await cardValue(page, 'Fee balance', section).textContent()).toBe(child.fees ? naira(child.fees.outstandingKobo) : 'No fees yet');
        expect(await section.getByRole('link', { name: `Fees of ${child.name}` }).getAttribute('href')).toBe(`/parent/children/${child.studentId}/fees`);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      // the children list stays, with its links
      await visible(page.getByRole('list', { name: 'Your children' }));
    });
  });

  it('a cold page asks the server once for what every page needs, and a second visit is answered with 304s', async () => {
    await withPage(admin, 1280, async (page) => {
      const asked: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
      });
      // a revalidated answer: the browser sent its ETag back and received no body (the browser shows the 304 as its copy's 200)
      const revalidated: string[] = [];
      page.on('requestfinished', async (r) => {
        const sent = (await r.allHeaders())['if-none-match'];
        if (sent && (await r.sizes()).responseBodySize === 0) revalidated.push(new URL(r.url()).pathname);
      });
      await page.goto('/admin');
      await visible(page.getByRole('heading', { name: /Welcome/ }));
      await page.waitForLoadState('networkidle');
      // the user, sessions, permissions and unread notices come in the one preloaded answer
      expect(asked.filter((p) => p === '/api/bootstrap')).toHaveLength(1);
      for (const folded of ['/api/auth/session', '/api/auth/permissions', '/api/academic-sessions', '/api/noticeboard/unread'])
        expect(asked).not.toContain(folded);
      expect(asked).toContain('/api/dashboard/admin');

      await page.reload();
      await visible(page.getByRole('heading', { name: /Welcome/ }));
      await page.waitForLoadState('networkidle');
      // nothing changed on the server: the browser revalidates what it kept and the server sends no body again
      expect(revalidated).toContain('/api/dashboard/admin');
    });
  });
});

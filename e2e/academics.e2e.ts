import { type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, withPage as openPage } from './support/browser';
import { eventually, visible } from './support/expect';
import { apiSignIn, cookiesOnly, invitationCodeIn, latestMail, type StorageState } from './support/session';

/*
 * Issue 4, as a school lives it: sessions and terms, a new class with its subjects and teachers, its
 * timetable (with a teacher's clash refused), a lesson note's review cycle, and a student's week.
 *
 * The session steps run in a school of their own (a new organisation, registered over the API):
 * the demo school's list of sessions is checked by other journeys (shell.e2e.ts expects exactly
 * 2019/20 … 2023/24) and a session cannot be deleted, so adding 2024/25 there would break them.
 * Everything else runs in Greenfield Academy's 2023/24, on a class made here (JSS 1 C or the first
 * free arm after it); the only seeded class touched is JSS 1 A, which gets one timetable slot
 * (English Language, Mrs. Adeyemi) to make the clash with.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ADEYEMI = 'Mrs. Funmilayo Adeyemi';
const ENGLISH = 'English Language';
const MATHS = 'Mathematics';
const NOTE_TITLE = `Parts of speech ${run}`;
const REJECTION = 'Please add an evaluation section with three questions.';

let browser: Browser;
let admin: StorageState;
let teacher: StorageState;
let student: StorageState;
/** The class made in step 2, e.g. 'JSS 1 C'. */
let myClass = '';
let myClassId = '';
let otherTeacher = '';

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

/** Opens a page (signed in with `state`), runs `fn`, checks no script error escaped, closes it. */
const withPage = (state: StorageState | undefined, fn: (page: Page) => Promise<void>) => openPage(browser, state, fn);

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

/** A new organisation with one school and its (registered) administrator, who is signed in. */
async function newSchoolAdministrator(): Promise<StorageState> {
  const api = await request.newContext({ baseURL: baseURL() });
  const email = `sessions-admin-${run}@e2e.test`;
  const password = `Admin-pass-${run}`;
  try {
    const { token } = (await (await api.get('/api/auth/csrf')).json()) as { token: string };
    const headers = { 'x-csrf-token': token };
    const registered = await api.post('/api/auth/school-register', {
      headers,
      data: {
        schoolName: `Savannah College ${run}`,
        address: '4 Lake Road',
        city: 'Jos',
        state: 'Plateau',
        email: `office-${run}@e2e.test`,
        phone: '08031234567',
        schoolType: 'Secondary',
        adminEmail: `owner-${run}@e2e.test`,
        adminPassword: `Owner-pass-${run}`,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const { schools } = (await (await api.get('/api/organisation/overview')).json()) as { schools: Array<{ id: string }> };
    const appointed = await api.post(`/api/organisation/schools/${schools[0].id}/administrators`, { headers, data: { name: 'Binta Musa', email } });
    expect(appointed.status(), await appointed.text()).toBe(201);
  } finally {
    await api.dispose();
  }
  await eventually(async () => (await latestMail(email))?.subject ?? '', 'the invitation mail').toMatch(/invitation/i);
  const code = invitationCodeIn((await latestMail(email))!.body);
  const anon = await request.newContext({ baseURL: baseURL() });
  try {
    const { token } = (await (await anon.get('/api/auth/csrf')).json()) as { token: string };
    const res = await anon.post('/api/auth/register', { headers: { 'x-csrf-token': token }, data: { email, code, password, confirmPassword: password } });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await anon.dispose();
  }
  return cookiesOnly(await apiSignIn(email, password));
}

/** The options of the top bar's session dropdown, and which one is selected. */
async function sessionDropdown(page: Page) {
  const select = page.getByRole('combobox', { name: 'Academic session' });
  await visible(select);
  return select.evaluate((el: HTMLSelectElement) => ({
    options: Array.from(el.options).map((o) => o.text.trim()),
    selected: el.selectedOptions[0]?.text.trim() ?? '',
  }));
}

const sessionItem = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Sessions' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function makeActive(page: Page, name: string, wasActive: string) {
  await sessionItem(page, name).getByRole('button', { name: 'Make active' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Make ${name} the Active session?` });
  await visible(confirm.getByText(`${wasActive} will become Inactive.`, { exact: false }));
  await confirm.getByRole('button', { name: 'Make active' }).click();
  await confirm.waitFor({ state: 'detached' });
  await visible(page.getByText(`${name} is now the Active session`, { exact: true }));
  await visible(sessionItem(page, name).getByText('Active', { exact: true }));
  await visible(sessionItem(page, wasActive).getByText('Inactive', { exact: true }));
}

/** The slot button of a class's editable timetable, e.g. 'Monday 9:00 AM: …'. */
const slot = (page: Page, day: string, time: string) => page.getByRole('grid').getByRole('button', { name: new RegExp(`^${day} ${time}: `) });

async function chooseClass(page: Page, name: string) {
  const select = page.getByLabel('Class', { exact: true });
  await visible(select);
  const value = await select.evaluate(
    (el: HTMLSelectElement, wanted) => Array.from(el.options).find((o) => o.text === wanted || o.text === `${wanted} (empty)`)?.value ?? '',
    name,
  );
  expect(value, `${name} is offered`).not.toBe('');
  await select.selectOption(value);
  await visible(page.getByRole('heading', { level: 2, name, exact: true }));
}

async function setSlot(page: Page, klass: string, day: string, time: string, subject: string, teacherName: string) {
  await slot(page, day, time).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${day}, ${time} – `) });
  await visible(dialog.getByText(klass, { exact: true }));
  await dialog.getByRole('radio', { name: new RegExp(`^${subject} ${teacherName}`) }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await eventually(() => slot(page, day, time).getAttribute('aria-label')).toBe(`${day} ${time}: ${subject}, ${teacherName}`);
}

/** The teacher's lesson-note row, and the note's drawer once opened. */
const noteRow = (page: Page) => page.getByRole('table', { name: 'Lesson notes' }).getByRole('row').filter({ hasText: NOTE_TITLE });
const noteDrawer = (page: Page) => page.getByRole('dialog', { name: 'Lesson note' });

describe('sessions and terms (in a school of its own)', () => {
  it('the administrator adds 2024/25, makes it Active (confirmed), and back to 2023/24; the top-bar dropdown follows', async () => {
    const schoolAdmin = await newSchoolAdministrator();
    await withPage(schoolAdmin, async (page) => {
      await page.goto('/admin/settings');
      await visible(page.getByRole('heading', { level: 2, name: 'Sessions & terms' }));
      await visible(page.getByText('No sessions yet. Add the first one above, for example 2024/25.'));
      const form = page.getByRole('form', { name: 'Add a session' });

      // the school's running session first, Active
      await form.getByLabel('New session', { exact: true }).fill('2023/24');
      await form.getByLabel('Status', { exact: true }).selectOption('Active');
      await form.getByRole('button', { name: 'Add session' }).click();
      await visible(page.getByText('2023/24 added and made Active', { exact: true }));
      await visible(sessionItem(page, '2023/24').getByText('Active', { exact: true }));
      await eventually(async () => (await sessionDropdown(page)).selected).toBe('2023/24 (Active)');

      await form.getByLabel('New session', { exact: true }).fill('2024/25');
      expect(await form.getByLabel('Status', { exact: true }).inputValue()).toBe('Pending');
      await form.getByRole('button', { name: 'Add session' }).click();
      await visible(page.getByText('2024/25 added', { exact: true }));
      await visible(sessionItem(page, '2024/25').getByText('Pending', { exact: true }));
      // its three terms come with the usual dates
      expect(await sessionItem(page, '2024/25').locator('dt').allInnerTexts()).toEqual(['First term', 'Second term', 'Third term']);
      await eventually(async () => (await sessionDropdown(page)).options.sort()).toEqual(['2023/24 (Active)', '2024/25']);

      await makeActive(page, '2024/25', '2023/24');
      await eventually(async () => sessionDropdown(page)).toEqual(expect.objectContaining({ selected: '2024/25 (Active)' }));
      // the Active session shows its current term: the First
      expect(await sessionItem(page, '2024/25').getByLabel('Current term').locator('option:checked').innerText()).toBe('First term');

      await makeActive(page, '2023/24', '2024/25');
      await eventually(async () => sessionDropdown(page)).toEqual(expect.objectContaining({ selected: '2023/24 (Active)' }));
      expect((await sessionDropdown(page)).options.sort()).toEqual(['2023/24 (Active)', '2024/25']);
      await visible(sessionItem(page, '2024/25').getByRole('button', { name: 'Mark pending' }));
    });
  });
});

describe('a new class in Greenfield Academy, its subjects and its timetable', () => {
  it('the administrator adds the class with a class teacher on /admin/academics/add-class; it is listed on /admin/academics/class', async () => {
    const classes = await getJson<{ session: { name: string }; items: Array<{ name: string; classTeacher: { id: string } | null }> }>(
      admin,
      '/api/academics/classes',
    );
    expect(classes.session.name).toBe('2023/24');
    const taken = new Set(classes.items.map((c) => c.name));
    const arm = 'CDEFGHIJKLMNOPQRSTUVWXYZ'.split('').find((letter) => !taken.has(`JSS 1 ${letter}`))!;
    myClass = `JSS 1 ${arm}`;
    const { items: teachers } = await getJson<{ items: Array<{ id: string; name: string }> }>(admin, '/api/academics/teachers');
    expect(teachers.map((t) => t.name)).toContain(ADEYEMI);
    const classTeachers = new Set(classes.items.map((c) => c.classTeacher?.id));
    // the seeded week keeps teachers busy: the other teacher must be free on Monday at 9:00 AM, where the new class's Mathematics goes
    const { items: timetabled } = await getJson<{ items: Array<{ id: string }> }>(admin, '/api/timetable/classes');
    const busyAtNine = new Set<string>();
    for (const c of timetabled) {
      const week = await getJson<{ slots: Array<{ day: number; hour: number; teacherId: string | null }> }>(admin, `/api/classes/${c.id}/timetable`);
      for (const s of week.slots) if (s.day === 1 && s.hour === 9 && s.teacherId) busyAtNine.add(s.teacherId);
    }
    const free = teachers.filter((t) => t.name !== ADEYEMI && !busyAtNine.has(t.id));
    otherTeacher = (free.find((t) => !classTeachers.has(t.id)) ?? free[0])!.name;

    await withPage(admin, async (page) => {
      await page.goto('/admin/academics/add-class');
      await visible(page.getByRole('heading', { level: 1, name: 'Add Class' }));
      await visible(page.getByText('The class is added to 2023/24, the session chosen in the top bar.'));
      const form = page.getByRole('region', { name: 'New class' });
      await form.getByLabel('Class level', { exact: true }).selectOption('JSS 1');
      await form.getByLabel('Arm', { exact: true }).fill(arm);
      await form.getByLabel('Class teacher', { exact: true }).selectOption({ label: otherTeacher });
      await form.getByRole('button', { name: 'Add class' }).click();
      await visible(page.getByText(`${myClass} added to 2023/24`, { exact: true }));
      // the form is cleared for the next class
      expect(await form.getByLabel('Arm', { exact: true }).inputValue()).toBe('');

      await page.getByRole('link', { name: 'View classes' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/academics/class');
      await page.getByRole('group', { name: 'Filter by level' }).getByRole('button', { name: 'JSS', exact: true }).click();
      const row = page
        .getByRole('table', { name: 'Classes' })
        .getByRole('row')
        .filter({ has: page.getByText(myClass, { exact: true }) });
      await visible(row);
      await visible(row.getByRole('cell', { name: otherTeacher, exact: true }));
      await visible(row.getByRole('cell', { name: 'None yet', exact: true }));
    });
    const after = await getJson<{ items: Array<{ id: string; name: string }> }>(admin, '/api/academics/classes');
    myClassId = after.items.find((c) => c.name === myClass)!.id;
    expect(myClassId).toBeTruthy();
  });

  it('assigns English Language (Mrs. Adeyemi) and Mathematics to it in the subject drawer', () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/academics/subject');
      await visible(page.getByRole('heading', { level: 1, name: 'Subjects' }));
      // the school has over 30 subjects: the longest page holds both of these
      await page.getByLabel('Rows per page:').selectOption('30');
      for (const [subject, teacherName] of [
        [ENGLISH, ADEYEMI],
        [MATHS, otherTeacher],
      ]) {
        await page.getByRole('button', { name: `View and assign ${subject}`, exact: true }).click();
        const drawer = page.getByRole('dialog', { name: subject, exact: true });
        const form = drawer.getByRole('form', { name: 'Assign to classes of 2023/24' });
        await form.getByRole('checkbox', { name: myClass, exact: true }).check();
        await form.getByLabel(`Teacher of ${subject} in ${myClass}`, { exact: true }).selectOption({ label: teacherName });
        await form.getByRole('button', { name: 'Assign to 1 class' }).click();
        await visible(page.getByText(`${subject} assigned to 1 class`, { exact: true }));
        // now listed as taught, with its teacher, and no longer offered
        const taught = drawer.getByLabel(`Teacher of ${subject} in ${myClass}`, { exact: true });
        await visible(taught);
        expect(await taught.locator('option:checked').innerText()).toBe(teacherName);
        expect(await form.getByRole('checkbox', { name: myClass, exact: true }).count()).toBe(0);
        // (Escape: the drawer's close button sits under the toast)
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
      }
      // the list's chips name the class for each subject
      for (const subject of [ENGLISH, MATHS]) {
        await visible(page.getByRole('list', { name: `Classes taking ${subject}` }).getByText(myClass, { exact: true }));
      }
    }));

  it('sets two slots of its timetable; Mrs. Adeyemi at an hour she teaches JSS 1 A is refused, naming JSS 1 A, and the slot is kept', async () => {
    const week = await getJson<{ slots: Array<{ day: number; hour: number; className: string }> }>(teacher, '/api/teachers/me/timetable');
    // the seeded week keeps her Monday 8:00 and 9:00 AM free: her Monday 9:00 AM is made in JSS 1 A below
    expect(week.slots.filter((s) => s.day === 1 && s.hour === 9)).toEqual([]);
    expect(week.slots.filter((s) => s.day === 1 && s.hour === 8)).toEqual([]);

    await withPage(admin, async (page) => {
      await page.goto('/admin/academics/time-table');
      await visible(page.getByRole('heading', { level: 1, name: 'Time Table' }));
      await chooseClass(page, 'JSS 1 A');
      await setSlot(page, 'JSS 1 A', 'Monday', '9:00 AM', ENGLISH, ADEYEMI);

      await chooseClass(page, myClass);
      await visible(page.getByText('No slots set yet', { exact: false }));
      await setSlot(page, myClass, 'Monday', '8:00 AM', ENGLISH, ADEYEMI);
      await setSlot(page, myClass, 'Monday', '9:00 AM', MATHS, otherTeacher);
      await visible(page.getByText('2 slots set', { exact: false }));

      // English at Monday 9:00 AM, when she is in JSS 1 A
      await slot(page, 'Monday', '9:00 AM').click();
      const dialog = page.getByRole('dialog', { name: /^Monday, 9:00 AM – 10:00 AM$/ });
      expect(await dialog.getByRole('radio', { name: new RegExp(`^${MATHS}`) }).isChecked()).toBe(true);
      await dialog.getByRole('radio', { name: new RegExp(`^${ENGLISH} ${ADEYEMI}`) }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(dialog.getByRole('alert').filter({ hasText: `${ADEYEMI} already teaches JSS 1 A at Monday 9:00 AM` }));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await slot(page, 'Monday', '9:00 AM').getAttribute('aria-label')).toBe(`Monday 9:00 AM: ${MATHS}, ${otherTeacher}`);
      await visible(page.getByText('2 slots set', { exact: false }));
    });
    // and so says the server
    const saved = await getJson<{ slots: Array<{ day: number; hour: number; subjectName: string }> }>(admin, `/api/classes/${myClassId}/timetable`);
    expect(saved.slots.map((s) => `${s.day} ${s.hour} ${s.subjectName}`).sort()).toEqual([`1 8 ${ENGLISH}`, `1 9 ${MATHS}`]);
  });
});

describe('a lesson note, rejected with a comment, corrected, then approved', () => {
  it('Mrs. Adeyemi writes a note for JSS 1 A English Language, saves it and submits it', () =>
    withPage(teacher, async (page) => {
      await page.goto('/teachers/lesson-notes');
      await visible(page.getByRole('heading', { level: 1, name: 'Lesson Notes' }));
      const start = page.getByRole('button', { name: 'New lesson note' });
      await eventually(() => start.isEnabled()).toBe(true);
      await start.click();
      const form = page.getByRole('dialog', { name: 'New lesson note' });
      await form.getByLabel('Class', { exact: true }).selectOption({ label: 'JSS 1 A' });
      await form.getByLabel('Subject', { exact: true }).selectOption({ label: ENGLISH });
      await form.getByLabel('Term', { exact: true }).selectOption({ label: 'First term' });
      await form.getByLabel('Week', { exact: true }).selectOption({ label: 'Week 3' });
      await form.getByLabel('Title', { exact: true }).fill(NOTE_TITLE);
      await form.getByRole('textbox', { name: 'Lesson note' }).fill('Objectives: name the eight parts of speech.');
      await form.getByRole('button', { name: 'Save draft' }).click();
      await visible(page.getByText('Draft saved', { exact: true }));

      const drawer = noteDrawer(page);
      await visible(drawer.getByRole('heading', { level: 3, name: NOTE_TITLE }));
      await visible(drawer.getByText('Draft', { exact: true }));
      await drawer.getByRole('button', { name: 'Submit for review' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Submit for review?' });
      await confirm.getByRole('button', { name: 'Submit' }).click();
      await confirm.waitFor({ state: 'detached' });
      await visible(page.getByText('Lesson note submitted for review', { exact: true }));
      await visible(drawer.getByText('Submitted', { exact: true }));
      // no more editing once submitted
      expect(await drawer.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      await visible(noteRow(page).getByText('Submitted', { exact: true }));
    }));

  async function review(decision: 'Reject' | 'Approve', comment?: string) {
    await withPage(admin, async (page) => {
      await page.goto('/admin/academics/lesson-note');
      await visible(page.getByRole('heading', { level: 1, name: 'Lesson Notes' }));
      const row = noteRow(page);
      await visible(row.getByText(ADEYEMI));
      await visible(row.getByText('Submitted', { exact: true }));
      await row.getByRole('button', { name: `Review ${NOTE_TITLE}` }).click();
      const drawer = noteDrawer(page);
      await visible(drawer.getByRole('heading', { level: 3, name: NOTE_TITLE }));
      await visible(drawer.getByText(ADEYEMI, { exact: true }));
      if (comment) await drawer.getByLabel('Comment', { exact: true }).fill(comment);
      await drawer.getByRole('button', { name: decision }).click();
      const outcome = decision === 'Reject' ? 'Rejected' : 'Approved';
      await visible(page.getByText(`Lesson note ${outcome.toLowerCase()}`, { exact: true }));
      await visible(drawer.getByRole('status').filter({ hasText: `${outcome} by ` }));
      // decided: no review panel any more, and the list says so
      expect(await drawer.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await visible(row.getByText(outcome, { exact: true }));
    });
  }

  it('the administrator rejects it on /admin/academics/lesson-note with a comment', () => review('Reject', REJECTION));

  it('the teacher sees Rejected and the comment, corrects the note and submits it again', () =>
    withPage(teacher, async (page) => {
      await page.goto('/teachers/lesson-notes');
      const row = noteRow(page);
      await visible(row.getByText('Rejected', { exact: true }));
      await visible(row.getByText(`“${REJECTION}”`, { exact: true }));
      await row.getByRole('button', { name: NOTE_TITLE }).first().click();
      const drawer = noteDrawer(page);
      await visible(drawer.getByRole('status').filter({ hasText: 'Rejected by ' }).getByText(`“${REJECTION}”`));
      await drawer.getByRole('button', { name: 'Edit' }).click();

      const form = page.getByRole('dialog', { name: 'Edit lesson note' });
      await visible(form.getByText('Rejected: correct the note, then submit it again.'));
      await visible(form.getByText(`“${REJECTION}”`));
      const body = form.getByRole('textbox', { name: 'Lesson note' });
      await body.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Evaluation: 1. What is a noun? 2. What is a verb? 3. Name an adjective.');
      await form.getByRole('button', { name: 'Save and submit' }).click();
      await visible(page.getByText('Lesson note submitted for review', { exact: true }));
      await visible(noteDrawer(page).getByText('Submitted', { exact: true }));
      await visible(noteDrawer(page).getByText('Evaluation: 1. What is a noun?', { exact: false }));
      await visible(row.getByText('Submitted', { exact: true }));
    }));

  it('the administrator approves it; the teacher sees Approved', async () => {
    await review('Approve');
    await withPage(teacher, async (page) => {
      await page.goto('/teachers/lesson-notes');
      await visible(noteRow(page).getByText('Approved', { exact: true }));
      await noteRow(page).getByRole('button', { name: NOTE_TITLE }).first().click();
      await visible(noteDrawer(page).getByRole('status').filter({ hasText: 'Approved by ' }));
      expect(await noteDrawer(page).getByRole('button', { name: 'Edit' }).count()).toBe(0);
    });
  });
});

describe('the student’s week and subjects', () => {
  it('student@demo.test sees JSS 1 A’s week with BREAK at 12:00 PM, and English Language with Mrs. Adeyemi among the subjects', () =>
    withPage(student, async (page) => {
      const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { studentId: string } };
      expect(me.user.studentId).toBeTruthy();
      await page.goto(`/student/timetable/${me.user.studentId}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Time Table' }));
      const grid = page.getByRole('table', { name: 'JSS 1 A timetable' });
      await visible(grid);
      expect((await grid.getByRole('columnheader').allTextContents()).map((t) => t.trim())).toEqual([
        'Time',
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
      ]);
      const breakRow = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '12:00 PM', exact: true }) });
      expect((await breakRow.textContent())?.replace(/\s+/g, ' ').trim()).toBe('12:00 PMBREAK');
      // the slot set above is in the week
      const nine = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^9:00 AM/ }) });
      expect(await nine.getByRole('cell').first().textContent()).toBe(`${ENGLISH} ${ADEYEMI}`);

      await page.goto(`/student/subjects/${me.user.studentId}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Subjects' }));
      const english = page
        .getByRole('list', { name: 'Subjects' })
        .getByRole('listitem')
        .filter({ has: page.getByText(ENGLISH, { exact: true }) });
      await visible(english.getByText(ADEYEMI, { exact: true }));
    }));
});

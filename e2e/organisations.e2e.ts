import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage, withPage as openPage } from './support/browser';
import { eventually, pathOf, visible } from './support/expect';
import { apiSignIn, cookiesOnly, invitationCodeIn, latestMail, type StorageState } from './support/session';

/*
 * Issue 3, as a customer lives it: a new organisation registers its school, adds a second school,
 * appoints its administrator, who invites a teacher; the owner deactivates (and re-activates) the
 * school and takes a permission away from teachers. Everything happens inside the NEW organisation,
 * so the demo accounts are never touched. The steps run in order and hand each other their state.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ORG = {
  schoolName: `Harmattan College ${run}`,
  ownerName: 'Ngozi Eze',
  ownerEmail: `owner-${run}@e2e.test`,
  ownerPassword: `Owner-pass-${run}`,
};
const SECOND_SCHOOL = `Harmattan Annex ${run}`;
const ADMIN = { name: 'Kemi Adeyemi', email: `annex-admin-${run}@e2e.test`, password: `Admin-pass-${run}` };
const TEACHER = { name: 'Tobi Okafor', email: `annex-teacher-${run}@e2e.test`, password: `Teach-pass-${run}` };
const DEACTIVATED = 'Your school has been deactivated by its owner. Please contact your school’s proprietor.';

let browser: Browser;
let owner: StorageState;
let teacher: StorageState;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a page (signed in with `state`, or not), runs `fn`, checks no script error escaped, closes it. */
const withPage = (state: StorageState | undefined, fn: (page: Page) => Promise<void>) => openPage(browser, state, fn);

const welcome = (page: Page, firstName: string) => page.getByRole('heading', { level: 1, name: `Welcome, ${firstName}` });
const sidebarLinks = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('navigation', { name: 'Main' }).getByRole('link');
const schoolCard = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: 'Schools' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

/** Waits for the invitation mail to `email` and returns its code. */
async function invitationCode(email: string): Promise<string> {
  await eventually(async () => (await latestMail(email))?.subject ?? '', `an invitation mail to ${email}`).toMatch(/invitation/i);
  const mail = (await latestMail(email))!;
  expect(mail.body).toContain('/auth/register');
  return invitationCodeIn(mail.body);
}

/** /auth/register with the invitation, then the sign-in form; ends on the role's dashboard. */
async function registerThenSignIn(page: Page, person: { email: string; password: string }, code: string) {
  await page.goto('/auth/register');
  await visible(page.getByRole('heading', { name: 'Create your account' }));
  await page.getByLabel('Email address').fill(person.email);
  await page.getByLabel('Invitation code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await visible(page.getByText('Your account is ready', { exact: true }));
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await login(page, person.email, person.password);
}

describe('a new organisation, from registration to permissions', () => {
  it('registers a school at /auth/school-register; the owner is signed in on /super-admin/dashboard', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await page.goto('/auth/school-register');
      await visible(page.getByRole('heading', { level: 1, name: 'Register your school' }));
      await page.getByLabel('School name', { exact: true }).fill(ORG.schoolName);
      await page.getByLabel('School address', { exact: true }).fill('12 Marina Road');
      await page.getByLabel('City', { exact: true }).fill('Ibadan');
      await page.getByLabel('State', { exact: true }).selectOption('Oyo');
      await page.getByLabel('School email', { exact: true }).fill(`office-${run}@e2e.test`);
      await page.getByLabel('Phone number', { exact: true }).fill('0803 123 4567');
      await page.getByLabel('School type', { exact: true }).selectOption('Secondary');
      await page.getByLabel('Your name (optional)', { exact: true }).fill(ORG.ownerName);
      await page.getByLabel('Super admin email', { exact: true }).fill(ORG.ownerEmail);
      await page.getByLabel('Super admin password', { exact: true }).fill(ORG.ownerPassword);
      await page.getByRole('button', { name: 'Register school' }).click();

      await page.waitForURL((url) => url.pathname === '/super-admin/dashboard');
      // signed in: the later steps go on with this session even if a check below fails
      owner = cookiesOnly(await context.storageState());
      await visible(page.getByText('Your school is registered. Welcome!', { exact: true }));
      await visible(welcome(page, 'Ngozi'));
      // the dashboard is the new organisation's, with its one school
      await visible(page.getByText(ORG.schoolName).first());
      const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { email: string; role: string; organisationName: string } };
      expect(me.user).toMatchObject({ email: ORG.ownerEmail, role: 'super_admin', organisationName: ORG.schoolName });
      const overview = (await (await page.request.get('/api/organisation/overview')).json()) as { schools: Array<{ name: string }> };
      expect(overview.schools.map((school) => school.name)).toEqual([ORG.schoolName]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the owner adds a second school and appoints its administrator, who is invited', () =>
    withPage(owner, async (page) => {
      await page.goto('/super-admin/schools');
      await visible(page.getByRole('heading', { level: 1, name: 'Schools' }));
      await visible(schoolCard(page, ORG.schoolName));
      expect(await page.getByRole('list', { name: 'Schools' }).getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([ORG.schoolName]);

      await page.getByRole('button', { name: 'Add school' }).click();
      const add = page.getByRole('dialog', { name: 'Add school' });
      await visible(add);
      await add.getByLabel('School name', { exact: true }).fill(SECOND_SCHOOL);
      await add.getByLabel('School address', { exact: true }).fill('3 Ring Road');
      await add.getByLabel('City', { exact: true }).fill('Ibadan');
      await add.getByLabel('State', { exact: true }).selectOption('Oyo');
      await add.getByLabel('School email', { exact: true }).fill(`annex-${run}@e2e.test`);
      await add.getByLabel('Phone number', { exact: true }).fill('08091234567');
      await add.getByLabel('School type', { exact: true }).selectOption('Primary');
      await add.getByRole('button', { name: 'Add school' }).click();
      await add.waitFor({ state: 'detached' });
      await visible(page.getByText(new RegExp(`^${SECOND_SCHOOL} is added \\(code .+\\)\\.$`)));

      const card = schoolCard(page, SECOND_SCHOOL);
      await visible(card);
      await visible(card.getByText('None appointed yet.'));
      await card.getByRole('button', { name: 'Appoint administrator' }).click();
      const appoint = page.getByRole('dialog', { name: 'Appoint administrator' });
      await visible(appoint.getByText(`For ${SECOND_SCHOOL}`));
      expect(await appoint.getByRole('radio', { name: /Invite a new person/ }).isChecked()).toBe(true);
      await appoint.getByLabel('Name', { exact: true }).fill(ADMIN.name);
      await appoint.getByLabel('Email', { exact: true }).fill(ADMIN.email);
      await appoint.getByRole('button', { name: 'Appoint and invite' }).click();
      await appoint.waitFor({ state: 'detached' });
      await visible(page.getByText(`${ADMIN.name} is appointed. An invitation was sent to ${ADMIN.email}.`, { exact: true }));
      // the card lists the administrator, invited until they register
      await visible(card.getByText(ADMIN.name, { exact: true }));
      await visible(card.getByText(ADMIN.email, { exact: true }));
      await visible(card.getByText('Invited', { exact: true }));
    }));

  it('the administrator registers with the mailed code and signs in to /admin/dashboard', async () => {
    const code = await invitationCode(ADMIN.email);
    expect((await latestMail(ADMIN.email))!.subject).toContain(SECOND_SCHOOL);
    await withPage(undefined, async (page) => {
      await registerThenSignIn(page, ADMIN, code);
      await page.waitForURL((url) => url.pathname === '/admin/dashboard');
      await visible(welcome(page, 'Kemi'));
      const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { role: string; schoolName: string } };
      expect(me.user).toMatchObject({ role: 'admin', schoolName: SECOND_SCHOOL });
    });
    // the owner sees them active now
    await withPage(owner, async (page) => {
      await page.goto('/super-admin/schools');
      await visible(schoolCard(page, SECOND_SCHOOL).getByText('Active', { exact: true }).first());
      expect(await schoolCard(page, SECOND_SCHOOL).getByText('Invited', { exact: true }).count()).toBe(0);
    });
  });

  it('the administrator adds a teacher on /admin/academics/add-staff; the teacher registers and lands on /teachers/dashboard', async () => {
    await withPage(cookiesOnly(await apiSignIn(ADMIN.email, ADMIN.password)), async (page) => {
      await page.goto('/admin/academics/add-staff');
      await visible(page.getByRole('heading', { level: 1, name: 'Add Staff' }));
      const form = page.getByRole('form', { name: 'Staff details' });
      await form.getByLabel('Full name', { exact: true }).fill(TEACHER.name);
      await form.getByLabel('Staff type', { exact: true }).selectOption('Teacher');
      // a teacher signs in, so the email stops being optional
      await visible(form.getByLabel('Email', { exact: true }));
      await form.getByLabel('Email', { exact: true }).fill(TEACHER.email);
      await form.getByLabel('Gender', { exact: true }).selectOption('male');
      await form.getByLabel('Date employed', { exact: true }).fill('2024-09-02');
      await form.getByLabel('Phone number', { exact: true }).fill('08051234567');
      await form.getByLabel('Address', { exact: true }).fill('7 Bodija Estate, Ibadan');
      await form.getByRole('button', { name: 'Add staff' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/admin/academics/staff-profile/'));
      await visible(page.getByText(`${TEACHER.name} was added. An invitation was sent to ${TEACHER.email}.`, { exact: true }));
    });

    const code = await invitationCode(TEACHER.email);
    const { context, page, errors } = await newPage(browser);
    try {
      await registerThenSignIn(page, TEACHER, code);
      await page.waitForURL((url) => url.pathname === '/teachers/dashboard');
      await visible(welcome(page, 'Tobi'));
      // with the default permissions a teacher has Students, and its API answers
      await visible(sidebarLinks(page).filter({ hasText: 'Students' }));
      expect((await page.request.get('/api/teachers/me/classes')).status()).toBe(200);
      expect(errors).toEqual([]);
      teacher = cookiesOnly(await context.storageState());
    } finally {
      await context.close();
    }
  });

  it('the owner deactivates the second school: its administrator cannot sign in and is told why; re-activated, they can', async () => {
    await withPage(owner, async (page) => {
      await page.goto('/super-admin/schools');
      const card = schoolCard(page, SECOND_SCHOOL);
      await visible(card.getByRole('button', { name: 'Deactivate' }));
      await card.getByRole('button', { name: 'Deactivate' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Deactivate ${SECOND_SCHOOL}?` });
      await visible(confirm.getByText(/signed out at once and cannot sign in until you re-activate it/));
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await confirm.waitFor({ state: 'detached' });
      await visible(page.getByText(`${SECOND_SCHOOL} is deactivated. Its users have been signed out.`, { exact: true }));
      await visible(card.getByText('Inactive', { exact: true }));
      await visible(card.getByRole('button', { name: 'Re-activate' }));
      expect(await card.getByRole('button', { name: 'Appoint administrator' }).isDisabled()).toBe(true);
      // the first school is untouched
      await visible(schoolCard(page, ORG.schoolName).getByRole('button', { name: 'Deactivate' }));
    });

    await withPage(undefined, async (page) => {
      await login(page, ADMIN.email, ADMIN.password);
      await visible(page.getByRole('alert').filter({ hasText: DEACTIVATED }));
      expect(pathOf(page)).toBe('/auth/login');
      // no session was started
      expect(((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user).toBeNull();
    });
    // the teacher of that school was signed out too
    await withPage(teacher, async (page) => {
      expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    });

    await withPage(owner, async (page) => {
      await page.goto('/super-admin/schools');
      const card = schoolCard(page, SECOND_SCHOOL);
      await card.getByRole('button', { name: 'Re-activate' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Re-activate ${SECOND_SCHOOL}?` });
      await confirm.getByRole('button', { name: 'Re-activate' }).click();
      await confirm.waitFor({ state: 'detached' });
      await visible(page.getByText(`${SECOND_SCHOOL} is active again.`, { exact: true }));
      await visible(card.getByRole('button', { name: 'Deactivate' }));
    });
    await withPage(undefined, async (page) => {
      await login(page, ADMIN.email, ADMIN.password);
      await page.waitForURL((url) => url.pathname === '/admin/dashboard');
      await visible(welcome(page, 'Kemi'));
    });
  });

  it('the owner takes Students view from teachers: the teacher’s Students API answers 403 and the menu item is gone', async () => {
    await withPage(owner, async (page) => {
      await page.goto('/super-admin/settings/permissions');
      await visible(page.getByRole('heading', { name: 'Permission matrix' }));
      await page.getByRole('tab', { name: 'Teacher' }).click();
      await eventually(() => page.getByRole('tab', { name: 'Teacher' }).getAttribute('aria-selected')).toBe('true');
      const box = page.getByRole('checkbox', { name: 'Teacher: View Students', exact: true });
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
      await visible(page.getByText('Unsaved changes: Teacher.', { exact: true }));
      await page.getByRole('button', { name: 'Save permissions' }).click();
      await visible(page.getByText('Permissions saved. They apply from each user’s next action.', { exact: true }));
      await visible(page.getByText('No unsaved changes.', { exact: true }));
      // saved on the server, not only in the page
      await page.reload();
      await page.getByRole('tab', { name: 'Teacher' }).click();
      await eventually(() => page.getByRole('checkbox', { name: 'Teacher: View Students', exact: true }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Teacher: View Lesson Notes', exact: true }).isChecked()).toBe(true);
    });

    await withPage(cookiesOnly(await apiSignIn(TEACHER.email, TEACHER.password)), async (page) => {
      await page.goto('/teachers/dashboard');
      await visible(welcome(page, 'Tobi'));
      const answer = await page.request.get('/api/teachers/me/classes');
      expect(answer.status()).toBe(403);
      expect(((await answer.json()) as { message: string }).message).toBe('You do not have permission to do this');
      // the menu follows the matrix: Lesson Notes stays, Students goes
      await visible(sidebarLinks(page).filter({ hasText: 'Lesson Notes' }));
      await eventually(() => sidebarLinks(page).filter({ hasText: 'Students' }).count()).toBe(0);
    });
  });
});

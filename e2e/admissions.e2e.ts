import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, withPage as openPage } from './support/browser';
import { eventually, pathOf, visible } from './support/expect';
import { apiSignIn, cookiesOnly, invitationCodeIn, mailsTo, type StorageState } from './support/session';

/*
 * Issue 5, end to end: the administrator of Greenfield Academy generates serial codes, an applicant
 * uses one to apply (with a birth certificate), the administrator reads and accepts the application,
 * the applicant is admitted into a class, the guardian is invited, and the code cannot be used twice.
 * The applicant, guardian and ward addresses are new on every run; no demo account changes.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const APPLICANT = {
  guardianName: 'Amaka Okonkwo',
  guardianEmail: `guardian-${run}@e2e.test`,
  guardianPhone: '0803 555 0101',
  guardianAddress: '14 Allen Avenue, Ikeja',
  relationship: 'mother',
  name: `Zainab Okonkwo ${run.toUpperCase()}`,
  gender: 'female',
  dob: '2012-03-14',
  dobShown: '14 Mar 2012',
  phone: '0805 555 0102',
  wardEmail: `ward-${run}@e2e.test`,
  originState: 'Anambra',
  prevEducation: 'First School Leaving Certificate',
  institution: 'Sunrise Primary School',
  institutionAddress: '2 Awolowo Way, Ikeja',
  attendedClasses: 'Primary 6',
  contactName: 'Mr. Femi Bankole',
  contactPhone: '0802 555 0103',
  classLevel: 'JSS 1',
};
const INVALID_CODE = 'This serial code is not valid';

let browser: Browser;
let admin: StorageState;
let tmpDir: string;
let certificatePath: string;
// handed from step to step
let serialCode: string;
let registrationNo: string;
let admittedClass: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = cookiesOnly(await apiSignIn('admin@demo.test'));
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-admissions-'));
  certificatePath = path.join(tmpDir, 'birth-certificate.pdf');
  // the smallest file the server takes as a PDF (it parses the content: a catalog with one page)
  fs.writeFileSync(
    certificatePath,
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
});
afterAll(async () => {
  await browser?.close();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

/** Opens a page (signed in with `state`, or not), runs `fn`, checks no script error escaped, closes it. */
const withPage = (state: StorageState | undefined, fn: (page: Page) => Promise<void>) => openPage(browser, state, fn);

async function enterSerialCode(page: Page, code: string) {
  await page.goto('/auth/serial-code');
  await visible(page.getByRole('heading', { level: 1, name: 'Apply for admission' }));
  await page.getByLabel('Serial code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('admission: serial code → application → acceptance', () => {
  it('the administrator generates a batch of serial codes and reads one from its print view (and its CSV)', () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/admissions');
      await visible(page.getByRole('heading', { level: 1, name: 'Admissions' }));
      const form = page.getByRole('form', { name: 'Generate serial codes' });
      await form.getByLabel('How many', { exact: true }).fill('3');
      await form.getByLabel('Price (₦)', { exact: true }).fill('5000');
      expect(await form.getByLabel('Expires on', { exact: true }).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await form.getByRole('button', { name: 'Generate codes' }).click();
      await visible(page.getByText('3 serial codes generated', { exact: true }));

      // the newest batch is listed first; the server says which one it is
      const { items } = (await (await page.request.get('/api/admissions/serial-code-batches')).json()) as {
        items: Array<{ id: string; quantity: number; unused: number }>;
      };
      expect(items[0]).toMatchObject({ quantity: 3, unused: 3 });
      const table = page.getByRole('table', { name: 'Serial code batches' });
      await visible(table.getByRole('row').nth(1));
      await table
        .getByRole('button', { name: /^Print the codes generated / })
        .first()
        .click();

      const print = page.getByRole('dialog', { name: 'Print serial codes' });
      await visible(print.getByText('3 unused of 3 codes; used codes are left out.'));
      const shown = (await print.locator('li p.font-mono').allInnerTexts()).map((text) => text.replace(/\s+/g, ''));
      expect(shown).toHaveLength(3);
      for (const code of shown) expect(code).toMatch(/^[1-9]\d{11}$/);
      const { codes } = (await (await page.request.get(`/api/admissions/serial-code-batches/${items[0].id}/codes`)).json()) as {
        codes: Array<{ code: string }>;
      };
      expect([...shown].sort()).toEqual(codes.map((c) => c.code).sort());
      serialCode = shown[0];
      await print.getByRole('button', { name: 'Close' }).first().click();
      await print.waitFor({ state: 'detached' });

      // the CSV of the same batch lists the code as unused
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        table
          .getByRole('button', { name: /^Download the codes generated .* as CSV$/ })
          .first()
          .click(),
      ]);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.split(/\r?\n/)[0]).toBe('Serial code,Price (NGN),Expires on,Status,Used on,Registration number');
      expect(csv).toMatch(new RegExp(`^${serialCode},5000\\.00,\\d{4}-\\d{2}-\\d{2},Unused,,$`, 'm'));
    }));

  it('a signed-out applicant enters the code, fills the whole application with a birth certificate, and gets a registration number', () =>
    withPage(undefined, async (page) => {
      await enterSerialCode(page, serialCode);
      await page.waitForURL((url) => url.pathname === '/auth/application');
      await visible(page.getByRole('heading', { level: 1, name: 'Application form' }));
      await visible(page.getByText('Greenfield Academy', { exact: true }));

      const form = page.getByRole('form', { name: 'Application form' });
      const a = APPLICANT;
      await form.getByLabel('Guardian’s name (optional)', { exact: true }).fill(a.guardianName);
      await form.getByLabel('Guardian’s email', { exact: true }).fill(a.guardianEmail);
      await form.getByLabel('Guardian’s phone number', { exact: true }).fill(a.guardianPhone);
      await form.getByLabel('Guardian’s address', { exact: true }).fill(a.guardianAddress);
      await form.getByLabel('Relationship to the ward', { exact: true }).selectOption(a.relationship);
      await form.getByLabel('Ward’s full name', { exact: true }).fill(a.name);
      await form.getByLabel('Gender', { exact: true }).selectOption(a.gender);
      await form.getByLabel('Date of birth', { exact: true }).fill(a.dob);
      await form.getByLabel('Ward’s phone number', { exact: true }).fill(a.phone);
      await form.getByLabel('Ward’s email (optional)', { exact: true }).fill(a.wardEmail);
      await form.getByLabel('State of origin', { exact: true }).selectOption(a.originState);
      await form.getByLabel('Previous education', { exact: true }).fill(a.prevEducation);
      await form.getByLabel('Last school attended', { exact: true }).fill(a.institution);
      await form.getByLabel('Address of institution', { exact: true }).fill(a.institutionAddress);
      await form.getByLabel('Class attended', { exact: true }).fill(a.attendedClasses);
      await form.getByLabel('Contact person', { exact: true }).fill(a.contactName);
      await form.getByLabel('Contact number', { exact: true }).fill(a.contactPhone);
      await form.getByLabel('Class', { exact: true }).selectOption(a.classLevel);
      await form.getByLabel('Birth certificate', { exact: true }).setInputFiles(certificatePath);
      await form.getByRole('button', { name: 'Submit application' }).click();

      const done = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Application submitted' }) });
      await visible(done);
      await visible(done.getByText(`Greenfield Academy has received the application of ${a.name}.`, { exact: false }));
      registrationNo = (await page.getByTestId('registration-number').innerText()).trim();
      expect(registrationNo).toMatch(/\S{4,}/);
      // the guardian is told the number too
      await eventually(async () => (await mailsTo(a.guardianEmail)).map((m) => m.subject), 'the application mail').toContain(
        `Application received: ${registrationNo}`,
      );
    }));

  it('the administrator finds it in New Enrollment, reads the four sections and the birth certificate, and accepts it — confirmed only after the server answered', () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/admissions/enrollment');
      await visible(page.getByRole('heading', { level: 1, name: 'New Enrollment' }));
      const row = page.getByRole('table', { name: 'New Enrollment' }).getByRole('row').filter({ hasText: registrationNo });
      await visible(row.getByText(APPLICANT.name, { exact: true }));
      await visible(row.getByText(APPLICANT.classLevel, { exact: true }));
      await row.getByRole('button', { name: `View ${APPLICANT.name}` }).click();

      const drawer = page.getByRole('dialog', { name: 'View Application Form' });
      await visible(drawer.getByText(registrationNo, { exact: true }));
      const section = (title: string) => drawer.locator('section').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
      const a = APPLICANT;
      const expected: Record<string, string[]> = {
        'Guardian Details': [a.guardianName, a.guardianEmail, a.guardianAddress, 'Mother'],
        'Ward Details': [a.name, a.dobShown, a.wardEmail, 'Female', a.originState],
        'Education History': [a.institution, a.institutionAddress, a.attendedClasses, a.contactName, a.prevEducation],
        'Uploaded Documents': ['Birth certificate', 'birth-certificate.pdf'],
      };
      for (const [title, values] of Object.entries(expected)) {
        for (const value of values) await visible(section(title).getByText(value, { exact: true }));
      }
      // phone numbers as typed or normalised, but the digits are the applicant's
      expect((await section('Guardian Details').innerText()).replace(/\D/g, '')).toContain(a.guardianPhone.replace(/\D/g, '').slice(-7));

      // the birth certificate opens in a new tab, served as a PDF
      const link = section('Uploaded Documents').getByRole('link', { name: 'View birth certificate (opens in a new tab)' });
      const href = (await link.getAttribute('href'))!;
      const [popup, response] = await Promise.all([
        page.context().waitForEvent('page'),
        page.context().waitForEvent('response', (r) => new URL(r.url()).pathname === new URL(href, page.url()).pathname),
        link.click(),
      ]);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      await popup.close();
      // (the tab shows Chromium's PDF viewer, so the bytes are read with the same session)
      const file = await page.request.get(href);
      expect(file.headers()['content-type']).toBe('application/pdf');
      expect((await file.body()).toString('latin1')).toBe(fs.readFileSync(certificatePath, 'latin1'));

      // hold the decision at the network, to see that nothing claims success before the server answers
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.route('**/api/admissions/applications/decisions', async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      await drawer.getByRole('button', { name: 'Accept' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Approve ${a.name} (${registrationNo})?` });
      await visible(confirm.getByText(/becomes a student.*the guardian is invited to a parent account/));
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/admissions/applications/decisions'));
      await confirm.getByRole('button', { name: 'Approve' }).click();
      await eventually(() => requested, 'the decision was sent').toBe(true);
      // while the server has not answered: the question stays, its button busy, and no success is shown
      await eventually(() => confirm.getByRole('button', { name: 'Approve' }).getAttribute('aria-busy')).toBe('true');
      expect(await page.getByText('Approved Successful').count()).toBe(0);
      release();
      expect((await answered).ok()).toBe(true);

      const outcome = page.getByRole('dialog', { name: 'Approved Successful' });
      await visible(outcome.getByText('1 application accepted.', { exact: true }));
      const line = await outcome.getByRole('listitem').filter({ hasText: registrationNo }).innerText();
      const match = new RegExp(`\\(${registrationNo}\\) → (${a.classLevel} \\S+)`).exec(line);
      expect(match, line).not.toBeNull();
      admittedClass = match![1];
      await visible(outcome.getByText(`Parent invitation sent to ${a.guardianEmail}.`, { exact: false }));
      await outcome.getByRole('button', { name: 'OK' }).click();
      await outcome.waitFor({ state: 'detached' });
      await drawer.waitFor({ state: 'detached' });
      // it has left New Enrollment
      await eventually(() => page.getByRole('table', { name: 'New Enrollment' }).getByRole('row').filter({ hasText: registrationNo }).count()).toBe(0);
    }));

  it('the applicant is listed in Admitted with the class and registration number (and so says the API)', () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/admissions/admitted');
      await visible(page.getByRole('heading', { level: 1, name: 'Admitted' }));
      await page.getByRole('searchbox', { name: 'Search' }).fill(registrationNo);
      const rows = page.getByRole('table', { name: 'Admitted' }).getByRole('row').filter({ hasText: registrationNo });
      await visible(rows);
      await eventually(() => rows.count()).toBe(1);
      await visible(rows.getByText(APPLICANT.name, { exact: true }));
      await visible(rows.getByText(admittedClass, { exact: true }));
      // Records › Students is still a placeholder page, so the list of applications speaks for the school's records
      const answer = (await (await page.request.get(`/api/admissions/applications?status=Accepted&search=${encodeURIComponent(registrationNo)}`)).json()) as {
        items: Array<{ registrationNo: string; name: string; status: string; className: string | null }>;
      };
      expect(answer.items).toEqual([expect.objectContaining({ registrationNo, name: APPLICANT.name, status: 'Accepted', className: admittedClass })]);
    }));

  it('the guardian (and the ward, who gave an email) are invited to create their accounts', async () => {
    for (const email of [APPLICANT.guardianEmail, APPLICANT.wardEmail]) {
      await eventually(async () => (await mailsTo(email)).some((m) => /invitation/i.test(m.subject)), `an invitation to ${email}`).toBe(true);
      const invitation = (await mailsTo(email)).find((m) => /invitation/i.test(m.subject))!;
      expect(invitation.subject).toContain('Greenfield Academy');
      expect(invitationCodeIn(invitation.body)).toMatch(/^\d{8}$/);
    }
  });

  it('the same serial code is refused a second time', () =>
    withPage(undefined, async (page) => {
      await enterSerialCode(page, serialCode);
      await visible(page.getByText(INVALID_CODE, { exact: true }));
      expect(pathOf(page)).toBe('/auth/serial-code');
      await page.goto('/auth/application');
      await visible(page.getByRole('link', { name: 'Enter your serial code' }));
    }));
});

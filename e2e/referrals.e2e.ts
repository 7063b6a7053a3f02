import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, withPage as openPage } from './support/browser';
import { eventually, visible } from './support/expect';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * Issue 9, referrals end to end: the administrator publishes a campaign (Create Referral, with its
 * required messages), the teacher takes a personal code from their settings page, a signed-out
 * applicant uses it on an application, and the teacher sees the point and the naira it is worth;
 * the teacher asks for a withdrawal and the administrator approves it from the Referrals table.
 * The campaign code is new on every run; what the journey adds (a campaign, a code, a pending
 * application, a withdrawal) is counted by no other journey.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const CAMPAIGN_CODE = `E2E${run}`.slice(0, 20);
const DESCRIPTION = `Bring a family, run ${run}`;

let browser: Browser;
let admin: StorageState;
let teacher: StorageState;
let tmpDir: string;
let certificatePath: string;
let referralCode: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = cookiesOnly(await apiSignIn('admin@demo.test'));
  teacher = cookiesOnly(await apiSignIn('teacher@demo.test'));
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-referrals-'));
  certificatePath = path.join(tmpDir, 'birth-certificate.pdf');
  fs.writeFileSync(
    certificatePath,
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
});
afterAll(async () => {
  await browser?.close();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

const withPage = (state: StorageState | undefined, fn: (page: Page) => Promise<void>) => openPage(browser, state, fn);

/** A fresh serial code of the demo school, generated over the administrator's API session. */
async function freshSerialCode(): Promise<string> {
  const api = await request.newContext({ baseURL: baseURL(), storageState: admin });
  try {
    const headers = { 'x-csrf-token': admin.cookies.find((c) => c.name === 'csrf_token')?.value ?? '' };
    const generated = await api.post('/api/admissions/serial-code-batches', {
      data: { quantity: 1, price: 1000, expiresOn: `${new Date().getFullYear() + 1}-12-31` },
      headers,
    });
    expect(generated.ok(), await generated.text()).toBe(true);
    const { batch } = (await generated.json()) as { batch: { id: string } };
    const { codes } = (await (await api.get(`/api/admissions/serial-code-batches/${batch.id}/codes`)).json()) as { codes: Array<{ code: string }> };
    return codes[0].code;
  } finally {
    await api.dispose();
  }
}

async function referralFigures(page: Page) {
  return (await (await page.request.get('/api/me/referrals')).json()) as { points: number; earnedKobo: number; availableKobo: number };
}

describe('referrals: campaign → code → application → points → withdrawal', () => {
  it('the administrator publishes a campaign from the Referrals screen; Notify and Referral Type say when they are missing', () =>
    withPage(admin, async (page) => {
      await page.goto('/admin/settings');
      await page.getByRole('link', { name: 'Open Referrals →' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/settings/referral');
      await visible(page.getByRole('heading', { level: 1, name: 'Referrals' }));
      for (const card of ['Total Request', 'Total Referrals', 'Total Amount Earned']) await visible(page.getByText(card, { exact: true }));

      await page.getByRole('button', { name: 'Create Referral' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Referral' });
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await visible(dialog.getByText('Notify is required', { exact: true }));
      await visible(dialog.getByText('Referral type is required', { exact: true }));

      await dialog.getByLabel('Description', { exact: true }).fill(DESCRIPTION);
      const year = new Date().getFullYear();
      await dialog.getByLabel('From', { exact: true }).fill(`${year - 1}-01-01`);
      await dialog.getByLabel('To', { exact: true }).fill(`${year + 1}-12-31`);
      await dialog.getByLabel('Notify', { exact: true }).selectOption('All classes');
      await dialog.getByLabel('Referral Type', { exact: true }).selectOption('Staff');
      await dialog.getByLabel('1 point equals', { exact: true }).fill('250');
      await dialog.getByLabel('Referral Code', { exact: true }).fill(CAMPAIGN_CODE.toLowerCase());
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await visible(page.getByText(`Referral campaign ${CAMPAIGN_CODE} published.`, { exact: true }));
      await dialog.waitFor({ state: 'detached' });
      const card = page.getByRole('list', { name: 'Referral campaigns' }).getByRole('listitem').filter({ hasText: CAMPAIGN_CODE });
      await visible(card.getByText(DESCRIPTION, { exact: true }));
      await visible(card.getByText(/1 point = ₦250\.00/));
    }));

  it('the teacher takes their personal code for it from their settings page', () =>
    withPage(teacher, async (page) => {
      await page.goto('/teachers/settings');
      const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Referrals' }) });
      const card = section.getByRole('listitem').filter({ hasText: DESCRIPTION });
      await card.getByRole('button', { name: 'Get my referral code' }).click();
      await visible(page.getByText('Your referral code is ready.', { exact: true }));
      referralCode = (await card.getByLabel('Your referral code').innerText()).trim();
      expect(referralCode).toMatch(new RegExp(`^${CAMPAIGN_CODE}-[A-Z2-9]{6}$`));
    }));

  it('a signed-out applicant applies with the referral code', async () => {
    const serialCode = await freshSerialCode();
    await withPage(undefined, async (page) => {
      await page.goto('/auth/serial-code');
      await page.getByLabel('Serial code', { exact: true }).fill(serialCode);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/application');
      const form = page.getByRole('form', { name: 'Application form' });
      await form.getByLabel('Guardian’s email', { exact: true }).fill(`referred-${run.toLowerCase()}@e2e.test`);
      await form.getByLabel('Guardian’s phone number', { exact: true }).fill('0803 555 0201');
      await form.getByLabel('Guardian’s address', { exact: true }).fill('3 Bode Thomas Street, Surulere');
      await form.getByLabel('Relationship to the ward', { exact: true }).selectOption('father');
      await form.getByLabel('Ward’s full name', { exact: true }).fill(`Tobi Referred ${run}`);
      await form.getByLabel('Gender', { exact: true }).selectOption('male');
      await form.getByLabel('Date of birth', { exact: true }).fill('2013-05-02');
      await form.getByLabel('Ward’s phone number', { exact: true }).fill('0805 555 0202');
      await form.getByLabel('State of origin', { exact: true }).selectOption('Lagos');
      await form.getByLabel('Previous education', { exact: true }).fill('First School Leaving Certificate');
      await form.getByLabel('Last school attended', { exact: true }).fill('Bright Stars Primary');
      await form.getByLabel('Address of institution', { exact: true }).fill('9 Adelabu Street, Surulere');
      await form.getByLabel('Class attended', { exact: true }).fill('Primary 6');
      await form.getByLabel('Contact person', { exact: true }).fill('Mrs. Ojo');
      await form.getByLabel('Contact number', { exact: true }).fill('0802 555 0203');
      await form.getByLabel('Class', { exact: true }).selectOption('JSS 1');
      await form.getByLabel('Birth certificate', { exact: true }).setInputFiles(certificatePath);
      // a wrong code first: refused with the documented message, nothing stored
      await form.getByLabel('Referral code (optional)', { exact: true }).fill('NOT-A-CODE');
      await form.getByRole('button', { name: 'Submit application' }).click();
      await visible(form.getByText('Invalid referral code', { exact: true }));
      await form.getByLabel('Referral code (optional)', { exact: true }).fill(referralCode.toLowerCase());
      await form.getByRole('button', { name: 'Submit application' }).click();
      await visible(page.getByRole('heading', { name: 'Application submitted' }));
    });
  });

  it('the teacher sees the point and what it is worth, and asks to withdraw it', () =>
    withPage(teacher, async (page) => {
      await page.goto('/teachers/settings');
      const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Referrals' }) });
      const card = section.getByRole('listitem').filter({ hasText: DESCRIPTION });
      await visible(card.getByText('1 referral · 1 point · ₦250.00', { exact: true }));
      const figures = await referralFigures(page);
      expect(figures.points).toBeGreaterThanOrEqual(1);
      expect(figures.availableKobo).toBeGreaterThanOrEqual(25_000);

      const form = section.getByRole('form', { name: 'Request a withdrawal' });
      await form.getByLabel('Amount (₦)', { exact: true }).fill(String(figures.availableKobo / 100 + 1));
      await form.getByLabel('Payment mode', { exact: true }).selectOption('Bank Transfer');
      await form.getByRole('button', { name: 'Request withdrawal' }).click();
      await visible(form.getByText('You cannot withdraw more than your available earnings', { exact: true }));
      await form.getByLabel('Amount (₦)', { exact: true }).fill('250');
      await form.getByLabel('Account details (optional)', { exact: true }).fill('GTBank 0123456789 Funmilayo Adeyemi');
      await form.getByRole('button', { name: 'Request withdrawal' }).click();
      await visible(page.getByText(/^Withdrawal of ₦250\.00 requested \(WD-[A-Z2-9]{8}\)\.$/));
      await visible(section.getByText('Your withdrawal request is waiting for the school’s approval.', { exact: true }));
    }));

  it('the administrator sees the referrer under Pending and approves the request; the teacher sees Success', async () => {
    await withPage(admin, async (page) => {
      await page.goto('/admin/settings/referral');
      await page.getByLabel('Status', { exact: true }).selectOption('pending');
      await page.getByLabel('Search referrers', { exact: true }).fill('Adeyemi');
      const row = page.getByRole('table', { name: 'Referrers' }).getByRole('row').filter({ hasText: 'Adeyemi' });
      await visible(row.getByText('₦250.00', { exact: true }).filter({ visible: true }));
      await visible(row.getByText('Pending', { exact: true }).filter({ visible: true }));
      await row.getByRole('button', { name: /^Approve .*withdrawal$/ }).click();
      const confirm = page.getByRole('alertdialog', { name: /^Approve ₦250\.00 for / });
      await confirm.getByRole('button', { name: 'Approve' }).click();
      await visible(page.getByText(/withdrawal was approved\.$/));
      await page.getByLabel('Status', { exact: true }).selectOption('success');
      await visible(
        page
          .getByRole('table', { name: 'Referrers' })
          .getByRole('row')
          .filter({ hasText: 'Adeyemi' })
          .getByText('Success', { exact: true })
          .filter({ visible: true }),
      );
    });
    await withPage(teacher, async (page) => {
      await page.goto('/teachers/settings');
      const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Referrals' }) });
      await visible(section.getByRole('listitem').filter({ hasText: '₦250.00 · Bank Transfer' }).getByText('Success', { exact: true }));
      await eventually(async () => (await referralFigures(page)).availableKobo, 'the balance after the payout').toBeGreaterThanOrEqual(0);
    });
  });
});

import { normaliseNigerianMobile } from '@school/shared/messaging/phone';
import { type Browser, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, withPage } from './support/browser';
import { eventually, visible } from './support/expect';
import { FAKE_TERMII_API_KEY, reportDelivery, smsSent } from './support/messaging';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * Issue 20, as a school lives it: with the school's Termii key set, the class teacher of JSS 1 A marks
 * Chidera absent, the gateway (a local fake that speaks Termii's API, e2e/support/global-setup.ts)
 * receives exactly one SMS for each of her guardians with a mobile number, and the administrator sees
 * it as sent in the message log; when Termii then reports the SMS delivered to the school's webhook, the
 * log says Delivered.
 *
 * The day is Wednesday 22 May 2024, in the Third term of 2023/24, which no other journey registers.
 */

const DAY = '2024-05-22';
const CHIDERA = 'Okonkwo Chidera';

let browser: Browser;
let teacher: StorageState;
let admin: StorageState;
let guardianPhones: string[] = [];
let guardianNames: string[] = [];
/** What the first guardian's phone received */
let firstSms: { messageId: string } | null = null;

/** A signed-in API call as the browser makes it (CSRF cookie and header). */
async function call<T>(state: StorageState, method: 'GET' | 'PUT', url: string, data?: unknown): Promise<T> {
  const api = await request.newContext({ baseURL: baseURL(), storageState: state });
  try {
    const { token } = (await (await api.get('/api/auth/csrf')).json()) as { token: string };
    const res = await api.fetch(url, { method, data, headers: { 'x-csrf-token': token } });
    if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  } finally {
    await api.dispose();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  [teacher, admin] = [cookiesOnly(await apiSignIn('teacher@demo.test')), cookiesOnly(await apiSignIn('admin@demo.test'))];
  // the school's gateway: the local Termii's key and a sender ID (the settings screen has its own tests)
  await call(admin, 'PUT', '/api/messaging/settings', { apiKey: FAKE_TERMII_API_KEY, senderId: 'Greenfield' });
  const student = cookiesOnly(await apiSignIn('student@demo.test'));
  const chideraId = (await call<{ user: { studentId: string } }>(student, 'GET', '/api/auth/me')).user.studentId;
  const record = await call<{ student: { guardians: Array<{ name: string; phone: string | null }> } }>(admin, 'GET', `/api/students/${chideraId}`);
  const reachable = record.student.guardians.filter((g) => normaliseNigerianMobile(g.phone) !== null);
  guardianPhones = reachable.map((g) => normaliseNigerianMobile(g.phone)!.replace(/^\+/, ''));
  guardianNames = reachable.map((g) => g.name);
  expect(guardianPhones.length).toBeGreaterThan(0);
});

afterAll(async () => {
  await browser?.close();
});

describe('SMS to parents', () => {
  it('the class teacher marks Chidera absent, and the gateway gets exactly one SMS for each of her guardians', async () => {
    const before = (await smsSent()).length;
    await withPage(browser, teacher, async (page) => {
      await page.goto('/teachers/mark-attendance');
      await visible(page.getByRole('heading', { level: 1, name: 'Mark Attendance' }));
      await eventually(() => page.getByLabel('Class', { exact: true }).inputValue()).not.toBe('');
      await page.getByLabel('Date', { exact: true }).fill(DAY);
      await visible(page.getByText('Not taken yet: everyone is shown Present'));
      await page.getByRole('radio', { name: `Mark ${CHIDERA} Absent` }).click();
      await page.getByRole('button', { name: 'Save register' }).click();
      await visible(page.getByText('Register of JSS 1 A for 22 May 2024 saved', { exact: true }));
    });
    const forChidera = async () => (await smsSent()).slice(before).filter((m) => m.sms.includes('Chidera Okonkwo') && m.sms.includes('22 May'));
    await eventually(async () => (await forChidera()).map((m) => m.to).sort()).toEqual([...guardianPhones].sort());
    const [first] = await forChidera();
    firstSms = (await forChidera()).find((m) => m.to === guardianPhones[0]) ?? null;
    expect(first).toMatchObject({ from: 'Greenfield', channel: 'generic' });
    expect(first.sms).toContain('(JSS 1 A) was marked absent on 22 May');
    // nothing more arrives for her later (the worker has nothing else queued for this day)
    await new Promise((r) => setTimeout(r, 1500));
    expect((await forChidera()).length).toBe(guardianPhones.length);
  });

  it('the administrator sees the SMS as sent in the message log', () =>
    withPage(browser, admin, async (page) => {
      await page.goto('/admin/messages');
      await visible(page.getByRole('heading', { level: 1, name: 'Messages' }));
      const row = page.getByRole('row').filter({ hasText: guardianNames[0] }).filter({ hasText: 'Absence notice' }).first();
      await eventually(() => row.innerText()).toMatch(/Sent/);

      // Termii reports the SMS delivered to the school's webhook (the address the settings show)
      const { deliveryReportUrl } = await call<{ deliveryReportUrl: string }>(admin, 'GET', '/api/messaging/settings');
      expect(firstSms).not.toBeNull();
      expect(await reportDelivery(deliveryReportUrl, firstSms!.messageId, 'DELIVERED')).toBe(200);
      await page.reload();
      await visible(page.getByRole('heading', { level: 1, name: 'Messages' }));
      await eventually(() => row.innerText()).toMatch(/Delivered/);
    }));
});

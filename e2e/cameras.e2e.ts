import { type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, launchBrowser, seriousA11yViolations, withPage as openPage } from './support/browser';
import { visible } from './support/expect';
import { apiSignIn, cookiesOnly, type StorageState } from './support/session';

/*
 * Issue 9, security cameras: the owner sets up a camera for Greenfield Academy only, through the
 * Camera Channel Setup form; the Academy's administrator sees its tile and page, the administrator
 * of Greenfield Nursery & Primary (admin2@, same organisation) does not, nor does another
 * organisation (registered here over the API). The camera is deleted at the end.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const CAMERA = `Science lab ${run}`;

let browser: Browser;
let owner: StorageState;
let admin: StorageState;
let admin2: StorageState;
let stranger: StorageState;

async function call<T>(state: StorageState, method: 'GET' | 'DELETE', path: string): Promise<{ status: number; body: T }> {
  const ctx = await request.newContext({ baseURL: baseURL(), storageState: state });
  try {
    const { token } = (await (await ctx.get('/api/auth/csrf')).json()) as { token: string };
    const res = await ctx.fetch(path, { method, headers: { 'x-csrf-token': token } });
    return { status: res.status(), body: (res.status() === 204 ? null : await res.json()) as T };
  } finally {
    await ctx.dispose();
  }
}

/** The owner of a new organisation, signed in (school-register signs them in). */
async function newOrganisationOwner(): Promise<StorageState> {
  const api = await request.newContext({ baseURL: baseURL() });
  try {
    const { token } = (await (await api.get('/api/auth/csrf')).json()) as { token: string };
    const res = await api.post('/api/auth/school-register', {
      headers: { 'x-csrf-token': token },
      data: {
        schoolName: `Harmattan College ${run}`,
        address: '9 Marina Road',
        city: 'Kano',
        state: 'Kano',
        email: `office-cam-${run}@e2e.test`,
        phone: '08031234567',
        schoolType: 'Secondary',
        adminEmail: `owner-cam-${run}@e2e.test`,
        adminPassword: `Owner-pass-${run}`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await api.dispose();
  }
  return cookiesOnly(await apiSignIn(`owner-cam-${run}@e2e.test`, `Owner-pass-${run}`));
}

const withPage = (state: StorageState, fn: (page: Page) => Promise<void>, width?: number) => openPage(browser, state, fn, width);

let cameraId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  owner = cookiesOnly(await apiSignIn('super@demo.test'));
  admin = cookiesOnly(await apiSignIn('admin@demo.test'));
  admin2 = cookiesOnly(await apiSignIn('admin2@demo.test'));
  stranger = await newOrganisationOwner();
});
afterAll(async () => {
  if (cameraId) await call(owner, 'DELETE', `/api/cameras/${cameraId}`);
  await browser?.close();
});

it('the owner sets up a camera for one school through the Camera Channel Setup form', async () => {
  await withPage(owner, async (page) => {
    await page.goto('/super-admin/settings/add-camera');
    await visible(page.getByRole('heading', { level: 1, name: 'Camera Channel Setup' }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Publish' }).click();
    await visible(page.getByText('Name of Camera is required', { exact: true }));
    await visible(page.getByText('Assign the camera to at least one school', { exact: true }));

    await page.getByLabel('Name of Camera', { exact: true }).fill(CAMERA);
    await page.getByLabel('Model Code or QR Code', { exact: true }).fill(`QR-${run}`);
    await page.getByLabel('Camera Model', { exact: true }).fill('Dahua IPC-HFW');
    await page.getByLabel('Stream URL (HLS, .m3u8)', { exact: true }).fill('javascript:alert(1)');
    await page.getByRole('checkbox', { name: 'Greenfield Academy' }).check();
    await page.getByLabel('Location', { exact: true }).selectOption('Laboratory');
    await page.getByRole('button', { name: 'Publish' }).click();
    await visible(page.getByText('Stream URL must be a web address starting with http:// or https://', { exact: true }));
    await page.getByLabel('Stream URL (HLS, .m3u8)', { exact: true }).fill('https://cams.greenfield.test/lab/index.m3u8');
    await page.getByRole('button', { name: 'Publish' }).click();
    await visible(page.getByText(`${CAMERA} added`, { exact: true }));
    await page.waitForURL('**/super-admin/settings/channels');
    await visible(page.getByRole('row').filter({ hasText: CAMERA }));
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
  const list = await call<{ items: Array<{ id: string; name: string }> }>(owner, 'GET', '/api/cameras');
  cameraId = list.body.items.find((c) => c.name === CAMERA)!.id;
  expect(cameraId).toBeTruthy();
});

it("the school's administrator sees the camera; the other school's and another organisation's do not", async () => {
  await withPage(admin, async (page) => {
    await page.goto('/admin/records/security');
    const tile = page.getByRole('link', { name: new RegExp(CAMERA) });
    await visible(tile);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await tile.click();
    await page.waitForURL(`**/admin/records/security/cam/${cameraId}`);
    await visible(page.getByRole('heading', { level: 1, name: CAMERA }));
  });

  await withPage(admin2, async (page) => {
    await page.goto('/admin/records/security');
    await visible(page.getByRole('heading', { level: 1, name: 'Security' }));
    // the seeded cameras are Greenfield Academy's: this school has none
    await visible(page.getByRole('heading', { name: 'No cameras yet' }));
    expect(await page.getByRole('link', { name: new RegExp(CAMERA) }).count()).toBe(0);
    await page.goto(`/admin/records/security/cam/${cameraId}`);
    await visible(page.getByRole('heading', { name: 'Camera not found' }));
  });
  expect((await call(admin2, 'GET', `/api/cameras/${cameraId}`)).status).toBe(404);
  expect((await call<{ items: Array<{ id: string }> }>(admin2, 'GET', '/api/cameras')).body.items.map((c) => c.id)).not.toContain(cameraId);

  await withPage(stranger, async (page) => {
    await page.goto('/super-admin/security');
    await visible(page.getByRole('heading', { name: 'No cameras yet' }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`/super-admin/security/cam/${cameraId}`);
    await visible(page.getByRole('heading', { name: 'Camera not found' }));
  });
  expect((await call(stranger, 'GET', `/api/cameras/${cameraId}`)).status).toBe(404);
  expect((await call(stranger, 'GET', `/api/cameras/${cameraId}/clips?date=2024-02-10`)).status).toBe(404);
  expect((await call(stranger, 'DELETE', `/api/cameras/${cameraId}`)).status).toBe(404);
});

it('the Live dialog shows the seeded gate camera’s recordings by day', async () => {
  await withPage(admin, async (page) => {
    await page.goto('/admin/records/security');
    await page.getByRole('button', { name: 'Live', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Live' });
    await visible(dialog);
    await dialog.getByLabel('Camera', { exact: true }).selectOption({ label: 'Main gate' });
    const slots = dialog.getByRole('group', { name: 'Time slots' }).getByRole('button');
    await visible(slots);
    expect(await slots.count()).toBe(4);
    await slots.nth(1).click();
    expect(await slots.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await slots.nth(0).getAttribute('aria-pressed')).toBe('false');
    await visible(dialog.getByText('Main gate — Facing the car park', { exact: false }));
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

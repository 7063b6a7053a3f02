import { type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage, seriousA11yViolations } from './support/browser';
import { visible } from './support/expect';
import { apiSignIn, type StorageState } from './support/session';

/*
 * axe-core finds no serious or critical violation on the pages of the organisations, staff and
 * admissions areas, at 1280 px, each scanned once its data is on screen. Two sign-ins for the file;
 * the administrator's part first adds one pending application to Greenfield Academy (a new guardian
 * address), so New Enrollment has a row, a selection and a drawer to scan.
 */

let browser: Browser;
let owner: StorageState;
let admin: StorageState;

beforeAll(async () => {
  browser = await launchBrowser();
  [owner, admin] = [await apiSignIn('super@demo.test'), await apiSignIn('admin@demo.test')];
});
afterAll(async () => {
  await browser?.close();
});

async function scan(storageState: StorageState | undefined, open: (page: Page) => Promise<void>) {
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

/**
 * A pending application in the administrator's school, made over the API as an applicant would
 * (serial code, then the form with a birth certificate), so New Enrollment has a row to show.
 */
async function submitPendingApplication(): Promise<void> {
  const schoolApi = await request.newContext({ baseURL: baseURL(), storageState: admin });
  const applicantApi = await request.newContext({ baseURL: baseURL() });
  try {
    const adminCsrf = { 'x-csrf-token': admin.cookies.find((c) => c.name === 'csrf_token')?.value ?? '' };
    const nextYear = `${new Date().getFullYear() + 1}-12-31`;
    const generated = await schoolApi.post('/api/admissions/serial-code-batches', {
      data: { quantity: 1, price: 1000, expiresOn: nextYear },
      headers: adminCsrf,
    });
    expect(generated.ok(), await generated.text()).toBe(true);
    const { batch } = (await generated.json()) as { batch: { id: string } };
    const { codes } = (await (await schoolApi.get(`/api/admissions/serial-code-batches/${batch.id}/codes`)).json()) as { codes: Array<{ code: string }> };

    const { token: csrf } = (await (await applicantApi.get('/api/auth/csrf')).json()) as { token: string };
    const checked = await applicantApi.post('/api/admissions/serial-codes/check', { data: { serialCode: codes[0].code }, headers: { 'x-csrf-token': csrf } });
    expect(checked.ok(), await checked.text()).toBe(true);
    const { token } = (await checked.json()) as { token: string };
    const submitted = await applicantApi.post('/api/admissions/applications', {
      headers: { 'x-csrf-token': csrf },
      multipart: {
        token,
        email: `a11y-guardian-${Date.now().toString(36)}@e2e.test`,
        guardianPhone: '08035550111',
        address: '5 Adeola Odeku Street, Victoria Island',
        relationship: 'father',
        name: 'Tolu Bakare',
        gender: 'male',
        dob: '2011-05-20',
        phone: '08035550112',
        originState: 'Ogun',
        prevEducation: 'First School Leaving Certificate',
        institution: 'Bright Stars Primary School',
        institutionAddress: '9 Ojuelegba Road, Surulere',
        attendedClasses: 'Primary 6',
        institutionContactName: 'Mrs. Ronke Ade',
        institutionContactPhone: '08035550113',
        class: 'JSS 1',
        birthCertificate: {
          name: 'birth-certificate.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(
            '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
          ),
        },
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
  } finally {
    await schoolApi.dispose();
    await applicantApi.dispose();
  }
}

/** The first body row of a data table: the rows have arrived, not only the header. */
const firstRow = (page: Page, table: string) => page.getByRole('table', { name: table }).getByRole('row').nth(1);

describe('public pages', () => {
  it('/auth/school-register', () =>
    scan(undefined, async (page) => {
      await page.goto('/auth/school-register');
      await visible(page.getByRole('button', { name: 'Register school' }));
    }));

  it('/auth/school-register with its validation messages showing', () =>
    scan(undefined, async (page) => {
      await page.goto('/auth/school-register');
      await page.getByRole('button', { name: 'Register school' }).click();
      await visible(page.getByText('School name is required'));
    }));

  it('/auth/serial-code', () =>
    scan(undefined, async (page) => {
      await page.goto('/auth/serial-code');
      await visible(page.getByRole('button', { name: 'Continue' }));
    }));
});

describe('super admin', () => {
  it('/super-admin/schools', () =>
    scan(owner, async (page) => {
      await page.goto('/super-admin/schools');
      await visible(page.getByRole('list', { name: 'Schools' }).getByRole('heading', { name: 'Greenfield Academy', exact: true }));
    }));

  it('/super-admin/schools with the Add school dialog open', () =>
    scan(owner, async (page) => {
      await page.goto('/super-admin/schools');
      await visible(page.getByRole('list', { name: 'Schools' }));
      await page.getByRole('button', { name: 'Add school' }).click();
      await visible(page.getByRole('dialog', { name: 'Add school' }).getByLabel('School name', { exact: true }));
    }));

  it('/super-admin/schools with the Appoint administrator dialog open, on “One of its teachers”', () =>
    scan(owner, async (page) => {
      await page.goto('/super-admin/schools');
      const card = page
        .getByRole('list', { name: 'Schools' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Greenfield Academy', exact: true }) });
      await card.getByRole('button', { name: 'Appoint administrator' }).click();
      const dialog = page.getByRole('dialog', { name: 'Appoint administrator' });
      await dialog.getByRole('radio', { name: /One of its teachers/ }).check();
      // the school's teachers have loaded into the select
      await dialog.getByRole('option', { name: /teacher@demo\.test/ }).waitFor({ state: 'attached' });
    }));

  it('/super-admin/user-roles', () =>
    scan(owner, async (page) => {
      await page.goto('/super-admin/user-roles');
      await visible(page.getByRole('heading', { level: 1, name: 'User Roles' }));
      await visible(page.getByRole('table').getByRole('row').nth(1));
    }));

  it('/super-admin/settings/permissions', () =>
    scan(owner, async (page) => {
      await page.goto('/super-admin/settings/permissions');
      await visible(page.getByRole('checkbox', { name: 'Admin: View Dashboard', exact: true }));
    }));
});

describe('school administrator', () => {
  beforeAll(submitPendingApplication);

  it('/admin/academics/staff', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/academics/staff');
      await visible(page.getByRole('heading', { level: 1, name: 'Staff' }));
      await visible(page.getByRole('tabpanel').getByRole('table').getByRole('row').nth(1));
    }));

  it('/admin/academics/add-staff', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/academics/add-staff');
      await visible(page.getByRole('form', { name: 'Staff details' }).getByLabel('Full name', { exact: true }));
    }));

  it('/admin/academics/add-staff with its validation messages showing', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/academics/add-staff');
      await page.getByRole('button', { name: 'Add staff' }).click();
      await visible(page.getByText('Name is required', { exact: true }));
    }));

  it('/admin/admissions/enrollment', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/admissions/enrollment');
      await visible(page.getByRole('heading', { level: 1, name: 'New Enrollment' }));
      await visible(firstRow(page, 'New Enrollment'));
    }));

  it('/admin/admissions/enrollment with a row selected', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/admissions/enrollment');
      await firstRow(page, 'New Enrollment').getByRole('checkbox').check();
      await visible(page.getByText('1 item(s) selected', { exact: true }));
    }));

  it('/admin/admissions/enrollment with an application open in the drawer', () =>
    scan(admin, async (page) => {
      await page.goto('/admin/admissions/enrollment');
      await firstRow(page, 'New Enrollment')
        .getByRole('button', { name: /^View / })
        .click();
      await visible(page.getByRole('dialog', { name: 'View Application Form' }).getByRole('heading', { level: 3, name: 'Guardian Details' }));
    }));
});

import { type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DEMO_PASSWORD, launchBrowser, login, newPage } from './support/browser';
import { eventually, fieldError, pathOf, visible } from './support/expect';
import { apiSignIn, latestMail, resetPathIn } from './support/session';

/*
 * Sign-in, sign-out, forgotten and changed passwords, as a user does them in the browser.
 * Sign-ins are budgeted (30 per 15 minutes from 127.0.0.1, shared by every file): this file
 * uses 10, and only admin2@demo.test — used by no other journey — ever gets a wrong password.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const welcome = (page: Page, firstName: string) => page.getByRole('heading', { level: 1, name: `Welcome, ${firstName}` });

describe('sign-in lands on the role’s dashboard', () => {
  const ROLES = [
    { email: 'super@demo.test', home: /\/super-admin\/dashboard$/, firstName: 'Olumide' },
    { email: 'admin@demo.test', home: /\/admin\/dashboard$/, firstName: 'Bisola' },
    { email: 'teacher@demo.test', home: /\/teachers\/dashboard$/, firstName: 'Funmilayo' },
    { email: 'student@demo.test', home: /\/student\/dashboard\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, firstName: 'Chidera' },
    { email: 'parent@demo.test', home: /\/parent\/dashboard$/, firstName: 'Adaeze' },
  ];

  it.each(ROLES)('$email', async ({ email, home, firstName }) => {
    const { context, page, errors } = await newPage(browser);
    try {
      await login(page, email);
      await page.waitForURL(home);
      await visible(welcome(page, firstName));
      // the greeting is the signed-in user's own name
      const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { name: string; email: string; studentId: string | null } };
      expect(me.user.email).toBe(email);
      expect(me.user.name).toContain(firstName);
      if (email === 'student@demo.test') expect(pathOf(page)).toBe(`/student/dashboard/${me.user.studentId}`);

      if (email === 'parent@demo.test') {
        const { items } = (await (await page.request.get('/api/parent/children')).json()) as { items: Array<{ name: string }> };
        expect(items).toHaveLength(2);
        const list = page.getByRole('list', { name: 'Your children' });
        await visible(list);
        for (const child of items) await visible(list.getByText(child.name, { exact: true }));
        expect(await list.getByRole('listitem').count()).toBe(2);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

it('a wrong password is refused with “Invalid email or password”', async () => {
  const { context, page, errors } = await newPage(browser);
  try {
    await login(page, 'admin2@demo.test', 'not-the-password');
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

describe('form validation messages', () => {
  it('login: required and invalid email, required password', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await eventually(() => fieldError(page, 'Email address')).toBe('Email is required');
      await eventually(() => fieldError(page, 'Password')).toBe('Password is required');
      await visible(page.getByText('Email is required'));

      await page.getByLabel('Email address').fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).fill('something');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await eventually(() => fieldError(page, 'Email address')).toBe('Invalid email address');
      await eventually(() => fieldError(page, 'Password')).toBe('');
      await visible(page.getByText('Invalid email address'));
      expect(new URL(page.url()).pathname).toBe('/auth/login');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('forgot password: required and invalid email', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await page.goto('/auth/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await visible(page.getByRole('heading', { name: 'Forgot your password?' }));
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await eventually(() => fieldError(page, 'Email address')).toBe('Email is required');
      await visible(page.getByText('Email is required'));
      await page.getByLabel('Email address').fill('someone@');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await eventually(() => fieldError(page, 'Email address')).toBe('Invalid email address');
      await visible(page.getByText('Invalid email address'));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reset password: required, confirmation required, passwords must match', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await page.goto('/auth/reset-password?token=some-token');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await eventually(() => fieldError(page, 'New password')).toBe('Password is required');
      await eventually(() => fieldError(page, 'Confirm password')).toBe('Confirm password is required');
      await visible(page.getByText('Confirm password is required'));

      await page.getByLabel('New password', { exact: true }).fill('longenough1');
      await page.getByLabel('Confirm password', { exact: true }).fill('different12');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await eventually(() => fieldError(page, 'Confirm password')).toBe('Passwords must match');
      await visible(page.getByText('Passwords must match'));

      // without a token there is no form, only the explanation
      await page.goto('/auth/reset-password');
      await visible(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' }));
      expect(await page.getByRole('button', { name: 'Reset password' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('change password (teacher settings): required fields, mismatch, and the server’s wrong current password', async () => {
    const { context, page, errors } = await newPage(browser, { storageState: await apiSignIn('teacher@demo.test') });
    try {
      await page.goto('/teachers/settings');
      await visible(page.getByRole('heading', { name: 'Change password' }));
      const submit = page.getByRole('button', { name: 'Change password' });
      await submit.click();
      await eventually(() => fieldError(page, 'Current password')).toBe('Current password is required');
      await eventually(() => fieldError(page, 'New password')).toBe('Password is required');
      await eventually(() => fieldError(page, 'Confirm password')).toBe('Confirm password is required');
      for (const text of ['Current password is required', 'Password is required', 'Confirm password is required']) {
        await visible(page.getByText(text, { exact: true }));
      }

      await page.getByLabel('Current password', { exact: true }).fill('wrong-current-1');
      await page.getByLabel('New password', { exact: true }).fill('brand-new-pass1');
      await page.getByLabel('Confirm password', { exact: true }).fill('brand-new-pass2');
      await submit.click();
      await eventually(() => fieldError(page, 'Confirm password')).toBe('Passwords must match');
      await visible(page.getByText('Passwords must match'));

      await page.getByLabel('Confirm password', { exact: true }).fill('brand-new-pass1');
      await submit.click();
      await eventually(() => fieldError(page, 'Current password')).toBe('Current password is incorrect');
      await visible(page.getByText('Current password is incorrect'));
      // still signed in, password unchanged
      expect(new URL(page.url()).pathname).toBe('/teachers/settings');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

it('forgot → reset through the outbox → sign in with the new password; a used link is refused', async () => {
  const email = 'parent@demo.test';
  const newPassword = 'Reset-Journey-2024';
  let passwordChanged = false;
  const { context, page, errors } = await newPage(browser);
  try {
    const before = await latestMail(email);
    await page.goto('/auth/forgot-password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'If an account exists for that email, we have sent a link to reset the password.' }));

    await eventually(async () => (await latestMail(email))?.body !== before?.body, 'a new reset mail in the outbox').toBe(true);
    const mail = (await latestMail(email))!;
    expect(mail.subject).toMatch(/reset/i);
    const resetPath = resetPathIn(mail.body);

    await page.goto(resetPath);
    await visible(page.getByRole('heading', { name: 'Choose a new password' }));
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Your password has been reset. You can now sign in.' }));
    passwordChanged = true;
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL('**/auth/login');

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/parent/dashboard');
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Adaeze' }));

    // the link was spent by the reset
    await page.goto(resetPath);
    await page.getByLabel('New password', { exact: true }).fill('Another-Pass-123');
    await page.getByLabel('Confirm password', { exact: true }).fill('Another-Pass-123');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' }));

    // put the demo password back, through the settings page (other journeys sign in as the parent)
    await page.goto('/parent/settings');
    await page.getByLabel('Current password', { exact: true }).fill(newPassword);
    await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Password changed', { exact: true }));
    passwordChanged = false;
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    if (passwordChanged) await restorePassword(email, newPassword);
  }
});

/** After a failure half-way: the demo password back over the API, so later journeys can sign in. */
async function restorePassword(email: string, current: string) {
  const api = await request.newContext({ baseURL: baseURL(), storageState: await apiSignIn(email, current) });
  try {
    const csrf = (await api.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
    await api.post('/api/auth/change-password', {
      data: { currentPassword: current, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
      headers: { 'x-csrf-token': csrf },
    });
  } finally {
    await api.dispose();
  }
}

it('logout shows “Logout Successful!”, lands on the login page, and the dashboard is closed afterwards', async () => {
  const { context, page, errors } = await newPage(browser, { storageState: await apiSignIn('admin@demo.test') });
  try {
    await page.goto('/admin/dashboard');
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Bisola' }));
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
    await visible(page.getByText('Logout Successful!', { exact: true }));
    await page.waitForURL('**/auth/login');
    await visible(page.getByRole('heading', { name: 'Welcome back' }));

    await page.goto('/admin/dashboard');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(pathOf(page)).toBe(`/auth/login?redirectTo=${encodeURIComponent('/admin/dashboard')}`);
    await visible(page.getByRole('button', { name: 'Sign in' }));
    // the old session cookie is dead on the server too
    const session = (await (await page.request.get('/api/auth/session')).json()) as { user: unknown };
    expect(session.user).toBeNull();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('a protected page opened signed out goes to sign-in, then back to that page', async () => {
  const { context, page, errors } = await newPage(browser);
  try {
    await page.goto('/teachers/lesson-notes');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(pathOf(page)).toBe(`/auth/login?redirectTo=${encodeURIComponent('/teachers/lesson-notes')}`);
    await page.getByLabel('Email address').fill('teacher@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/teachers/lesson-notes');
    await visible(page.getByRole('heading', { level: 1, name: 'Lesson Notes' }));
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

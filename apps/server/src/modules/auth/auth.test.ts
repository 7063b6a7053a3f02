import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, passwordResetTokens, schools } from '../../db/schema';
import { createSchool, createTenant, createUser, TEST_PASSWORD, TestClient, createTestApp } from '../../test/test-app';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
});
afterAll(async () => {
  await app.close();
});

async function resetLinkFor(client: TestClient, email: string): Promise<string> {
  const res = await client.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const [latest] = res.json().items;
  const match = /\/auth\/reset-password\?token=([\w%.-]+)/.exec(latest?.body ?? '');
  if (!match) throw new Error(`no reset link in the outbox for ${email}`);
  return decodeURIComponent(match[1]);
}

describe('sign-in', () => {
  it('signs in with the right password and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const client = new TestClient(app);
    const res = await client.post('/api/auth/login', { email: tenant.users.admin.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: tenant.users.admin.email, role: 'admin', schoolId: tenant.school.id, schoolName: tenant.school.name });
    const sid = (res.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string }>).find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect(res.body).not.toContain('passwordHash');
    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(tenant.users.admin.id);
  });

  it('gives a student their student id so the app can open their area', async () => {
    const client = new TestClient(app);
    const user = await client.login(tenant.users.student.email);
    expect(user.studentId).toBe(tenant.student.id);
  });

  it('answers a wrong password and an unknown email with the same 401 message', async () => {
    const client = new TestClient(app);
    const wrong = await client.post('/api/auth/login', { email: tenant.users.teacher.email, password: 'nope-nope-1' });
    const unknown = await client.post('/api/auth/login', { email: 'nobody@example.test', password: 'nope-nope-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    expect(unknown.json().message).toBe('Invalid email or password');
  });

  it('refuses bad input with the spec messages, never a 500', async () => {
    const client = new TestClient(app);
    const empty = await client.post('/api/auth/login', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    const blank = await client.post('/api/auth/login', { email: '   ', password: '  ' });
    expect(blank.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    const invalid = await client.post('/api/auth/login', { email: 'not-an-email', password: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.email).toBe('Invalid email address');
    const noBody = await client.request({ method: 'POST', url: '/api/auth/login' });
    expect(noBody.statusCode).toBe(400);
    const badJson = await client.request({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);
    const wrongTypes = await client.post('/api/auth/login', { email: 42, password: ['x'] });
    expect(wrongTypes.statusCode).toBe(400);
  });

  it('makes an account wait after five wrong passwords in a row, with a clear message', async () => {
    const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher' });
    const client = new TestClient(app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await client.post('/api/auth/login', { email: user.email, password: 'wrong-pass-1' })).statusCode);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses[4]).toBe(429);
    const locked = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed sign-ins for this account. Please try again in 1 second.');
  });

  it('tells a user of a deactivated school or a suspended organisation why, only after the right password', async () => {
    const { school } = await createSchool(app.db, tenant.organisation.id);
    const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: school.id, role: 'teacher' });
    await app.db.update(schools).set({ status: 'inactive' }).where(eq(schools.id, school.id));
    const client = new TestClient(app);
    const wrong = await client.post('/api/auth/login', { email: user.email, password: 'wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);
    const right = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toMatch(/school has been deactivated/);

    const other = await createTenant(app.db);
    const signedIn = new TestClient(app);
    await signedIn.login(other.users.admin.email);
    await app.db.update(organisations).set({ status: 'suspended' }).where(eq(organisations.id, other.organisation.id));
    expect((await signedIn.get('/api/auth/me')).statusCode).toBe(401);
    const suspended = await new TestClient(app).post('/api/auth/login', { email: other.users.admin.email, password: TEST_PASSWORD });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toMatch(/suspended/);
  });
});

describe('sessions and CSRF', () => {
  it('answers 401 to /me when signed out, and a null user from /session', async () => {
    const client = new TestClient(app);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const session = await client.get('/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: null });
    await client.login(tenant.users.parent.email);
    expect((await client.get('/api/auth/session')).json().user).toMatchObject({ role: 'parent', email: tenant.users.parent.email });
  });

  it('ends the server session on logout, so the old cookie no longer works', async () => {
    const client = new TestClient(app);
    await client.login(tenant.users.teacher.email);
    const sid = client.cookie('sid')!;
    const logout = await client.post('/api/auth/logout');
    expect(logout.statusCode).toBe(204);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const replay = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${sid}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('names the account in the cookie, and takes a cookie of another shape or account as no session', async () => {
    const client = new TestClient(app);
    await client.login(tenant.users.teacher.email);
    const sid = client.cookie('sid')!;
    expect(sid).toMatch(new RegExp(`^${tenant.users.teacher.id}\\.[\\w-]+$`));
    const token = sid.slice(sid.indexOf('.') + 1);
    const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${cookie}` } });
    // a cookie from before the account was named in it: signed out, and told to forget it
    const old = await me(token);
    expect(old.statusCode).toBe(401);
    expect((old.cookies as Array<{ name: string; value: string }>).find((c) => c.name === 'sid')?.value).toBe('');
    expect((await me(`${tenant.users.admin.id}.${token}`)).statusCode).toBe(401);
    expect((await me(`not-a-uuid.${token}`)).statusCode).toBe(401);
    expect((await me(sid)).statusCode).toBe(200);
  });

  it('refuses a write without the CSRF header, or with a header that does not match the cookie', async () => {
    const client = new TestClient(app);
    await client.get('/api/auth/csrf');
    const missing = await client.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: tenant.users.admin.email, password: TEST_PASSWORD },
      headers: { 'x-csrf-token': '' },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe('Invalid CSRF token');
    const wrong = await client.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: tenant.users.admin.email, password: TEST_PASSWORD },
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(wrong.statusCode).toBe(403);
    const bare = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: tenant.users.admin.email, password: TEST_PASSWORD } });
    expect(bare.statusCode).toBe(403);
  });
});

describe('forgot and reset password', () => {
  it('mails a single-use link that sets a new password and ends other sessions', async () => {
    const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher' });
    const elsewhere = new TestClient(app);
    await elsewhere.login(user.email);

    const client = new TestClient(app);
    const forgot = await client.post('/api/auth/forgot-password', { email: user.email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().message).toBe('If an account exists for that email, we have sent a link to reset the password.');
    const token = await resetLinkFor(client, user.email);
    expect(token).toMatch(new RegExp(`^${user.id}\\.[\\w-]+$`));
    // the random part alone, or with another account's id, is no link
    const random = token.slice(token.indexOf('.') + 1);
    for (const forged of [random, `${tenant.users.admin.id}.${random}`]) {
      const res = await client.post('/api/auth/reset-password', { token: forged, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This reset link is invalid or has expired.');
    }

    const mismatch = await client.post('/api/auth/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'other-pass-1' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmPassword).toBe('Passwords must match');

    const reset = await client.post('/api/auth/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    expect((await new TestClient(app).post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await new TestClient(app).post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);

    const again = await client.post('/api/auth/reset-password', { token, password: 'another-pass-2', confirmPassword: 'another-pass-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired.');
  });

  it('refuses an expired link', async () => {
    const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'parent' });
    const client = new TestClient(app);
    await client.post('/api/auth/forgot-password', { email: user.email });
    const token = await resetLinkFor(client, user.email);
    await app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await client.post('/api/auth/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This reset link is invalid or has expired.');
  });

  it('gives the same answer for an unknown email and sends nothing', async () => {
    const client = new TestClient(app);
    const res = await client.post('/api/auth/forgot-password', { email: 'ghost@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('If an account exists for that email, we have sent a link to reset the password.');
    const outbox = await client.get('/api/dev/outbox?to=ghost@example.test');
    expect(outbox.json().items).toHaveLength(0);
    const bad = await client.post('/api/auth/forgot-password', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toBe('Invalid email address');
  });
});

describe('change password', () => {
  it('asks for the current password and checks the confirmation, with the spec messages', async () => {
    const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'admin' });
    const client = new TestClient(app);
    await client.login(user.email);
    const empty = await client.post('/api/auth/change-password', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({
      currentPassword: 'Current password is required',
      password: 'Password is required',
      confirmPassword: 'Confirm password is required',
    });
    const wrongCurrent = await client.post('/api/auth/change-password', {
      currentPassword: 'wrong-one-1',
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().errors.currentPassword).toBe('Current password is incorrect');

    const other = new TestClient(app);
    await other.login(user.email);
    const ok = await client.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    expect((await new TestClient(app).post('/api/auth/login', { email: user.email, password: 'new-password-1' })).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await new TestClient(app).post('/api/auth/change-password', { currentPassword: 'a', password: 'b', confirmPassword: 'b' });
    expect(res.statusCode).toBe(401);
  });
});

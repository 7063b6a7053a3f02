import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, organisationSettings, users } from '../../db/schema';
import { claimEmail } from '../../lib/accounts';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';
import { INVALID_INVITATION, inviteUser } from './invitations.service';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
});
afterAll(async () => {
  await app.close();
});

async function invitedUser(email: string) {
  const user = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher', email, name: 'New Teacher', status: 'invited' })
      .returning();
    await claimEmail(tx, row.id, email);
    return row;
  });
  const { outboxId, message, code } = await app.db.transaction((tx) => inviteUser(app, tx, { userId: user.id, invitedByUserId: tenant.users.admin.id }));
  await app.mailer.deliver(app.db, outboxId, message);
  return { user, code };
}

describe('invitations and /auth/register', () => {
  it('mails an 8-digit code that registers the account once; the user can then sign in', async () => {
    const { code } = await invitedUser('invitee1@example.test');
    const client = new TestClient(app);
    const mail = (await client.get('/api/dev/outbox?to=invitee1@example.test')).json().items[0];
    expect(mail.body).toContain(`Your invitation code is: ${code}`);
    expect(code).toMatch(/^[1-9]\d{7}$/);

    const res = await client.post('/api/auth/register', { email: 'invitee1@example.test', code, password: 'my-new-pass-1', confirmPassword: 'my-new-pass-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account is ready. You can now sign in.');
    const user = await client.login('invitee1@example.test', 'my-new-pass-1');
    expect(user.role).toBe('teacher');

    const again = await new TestClient(app).post('/api/auth/register', {
      email: 'invitee1@example.test',
      code,
      password: 'other-pass-22',
      confirmPassword: 'other-pass-22',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_INVITATION);
  });

  it('refuses a wrong code, another email, and an expired code with one message', async () => {
    const { user, code } = await invitedUser('invitee2@example.test');
    const client = new TestClient(app);
    const body = { password: 'my-new-pass-1', confirmPassword: 'my-new-pass-1' };
    const wrong = await client.post('/api/auth/register', { ...body, email: 'invitee2@example.test', code: Number(code) + 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toBe(INVALID_INVITATION);
    const otherEmail = await client.post('/api/auth/register', { ...body, email: tenant.users.admin.email, code });
    expect(otherEmail.json().errors.code).toBe(INVALID_INVITATION);
    await app.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.userId, user.id));
    const expired = await client.post('/api/auth/register', { ...body, email: 'invitee2@example.test', code });
    expect(expired.json().errors.code).toBe(INVALID_INVITATION);
  });

  it('validates with the spec messages', async () => {
    const client = new TestClient(app);
    const res = await client.post('/api/auth/register', { email: 'x@example.test', code: 'abc', password: 'short', confirmPassword: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.code).toBe('Code must be a number');
    expect(res.json().errors.password).toBe('Password must be at least 8 characters');
    const mismatch = await client.post('/api/auth/register', {
      email: 'x@example.test',
      code: 12345678,
      password: 'long-enough-1',
      confirmPassword: 'long-enough-2',
    });
    expect(mismatch.json().errors.confirmPassword).toBe('Passwords must match');
  });

  it('holds the organisation to its own minimum password length', async () => {
    await app.db
      .insert(organisationSettings)
      .values({ organisationId: tenant.organisation.id, settings: { passwordMinLength: 12 } })
      .onConflictDoUpdate({ target: organisationSettings.organisationId, set: { settings: { passwordMinLength: 12 } } });
    const { code } = await invitedUser('invitee4@example.test');
    const client = new TestClient(app);
    const short = await client.post('/api/auth/register', { email: 'invitee4@example.test', code, password: 'only-10-ch', confirmPassword: 'only-10-ch' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toBe('Password must be at least 12 characters');
    const ok = await client.post('/api/auth/register', { email: 'invitee4@example.test', code, password: 'twelve-chars', confirmPassword: 'twelve-chars' });
    expect(ok.statusCode).toBe(200);
    await app.db.delete(organisationSettings).where(eq(organisationSettings.organisationId, tenant.organisation.id));
  });

  it('a newer invitation replaces the older code', async () => {
    const { user, code: first } = await invitedUser('invitee3@example.test');
    const { code: second } = await app.db.transaction((tx) => inviteUser(app, tx, { userId: user.id, invitedByUserId: null }));
    const client = new TestClient(app);
    const body = { email: 'invitee3@example.test', password: 'my-new-pass-1', confirmPassword: 'my-new-pass-1' };
    expect((await client.post('/api/auth/register', { ...body, code: first })).statusCode).toBe(400);
    expect((await client.post('/api/auth/register', { ...body, code: second })).statusCode).toBe(200);
  });
});

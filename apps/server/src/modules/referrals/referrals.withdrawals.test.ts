import { WITHDRAWAL_NOT_PENDING, WITHDRAWAL_OVER_BALANCE, WITHDRAWAL_PENDING_EXISTS } from '@school/shared/referrals/schemas';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, referralCredits, referralWithdrawals } from '../../db/schema';
import { createSchool, createTenant, createUser, TestClient } from '../../test/test-app';
import {
  app,
  tenant,
  admin,
  otherAdmin,
  superAdmin,
  teacher,
  signedIn,
  createCampaign,
  myCode,
  apply,
  setUp,
  tearDown,
  everySchool,
} from './referrals.test-kit';

beforeAll(setUp);
afterAll(tearDown);

describe('withdrawals', () => {
  let referrer: TestClient;
  let referrerId: string;

  beforeAll(async () => {
    // a parent of the school earns ₦100 × 2 = ₦200
    const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher', name: 'Zainab Withdrawer' });
    referrerId = user.id;
    referrer = await signedIn(user.email);
    const campaign = await createCampaign({ points: '100', referralType: 'Staff' });
    const code = await myCode(referrer, campaign.id);
    expect((await apply(code)).statusCode).toBe(201);
    expect((await apply(code)).statusCode).toBe(201);
  });

  const request = (client: TestClient, body: Record<string, unknown>) => client.post('/api/me/referrals/withdrawals', body);
  const decide = (client: TestClient, id: string, body: Record<string, unknown>) => client.post(`/api/referrals/withdrawals/${id}/decision`, body);

  it('answers the form’s messages', async () => {
    const res = await request(referrer, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ amount: 'Amount is required', paymentMode: 'Payment mode is required' });
  });

  it('refuses more than the available earnings, and a user with none', async () => {
    const res = await request(referrer, { amount: '200.01', paymentMode: 'Bank Transfer' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: WITHDRAWAL_OVER_BALANCE, errors: { amount: WITHDRAWAL_OVER_BALANCE } });
    expect((await request(await signedIn(tenant.users.student.email), { amount: '1', paymentMode: 'Cash' })).statusCode).toBe(400);
    expect(
      await app.db
        .select()
        .from(referralWithdrawals)
        .where(and(inArray(referralWithdrawals.schoolId, await everySchool()), eq(referralWithdrawals.userId, referrerId))),
    ).toEqual([]);
  });

  it('of two concurrent requests stores one; approving it pays out; a second decision is 409; rejecting frees the balance', async () => {
    const [a, b] = await Promise.all([
      request(referrer, { amount: '150', paymentMode: 'Bank Transfer', details: 'GTBank 0123456789' }),
      request(referrer, { amount: '150', paymentMode: 'Cash' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect((a.statusCode === 400 ? a : b).json().message).toBe(WITHDRAWAL_PENDING_EXISTS);
    const first = (a.statusCode === 201 ? a : b).json().withdrawal;
    expect(first).toMatchObject({ amountKobo: 15000, status: 'pending', reference: expect.stringMatching(/^WD-[A-Z2-9]{8}$/) });
    expect((await referrer.get('/api/me/referrals')).json()).toMatchObject({ earnedKobo: 20000, pendingKobo: 15000, availableKobo: 5000 });

    // the administrators' table and cards
    const page = (await admin.get('/api/referrals/referrers?status=pending&search=withdrawer')).json();
    expect(page).toMatchObject({
      total: 1,
      items: [{ userId: referrerId, referrals: 2, points: 2, earnedKobo: 20000, latestRequest: { id: first.id, status: 'pending' } }],
    });
    expect((await admin.get('/api/referrals/referrers?status=success&search=withdrawer')).json().total).toBe(0);
    const summary = (await admin.get('/api/referrals/summary')).json();
    expect(summary.pendingRequests).toBeGreaterThanOrEqual(1);

    expect((await decide(otherAdmin, first.id, { decision: 'approve' })).statusCode).toBe(404);
    expect((await decide(teacher, first.id, { decision: 'approve' })).statusCode).toBe(403);
    expect((await decide(new TestClient(app), first.id, { decision: 'approve' })).statusCode).toBe(401);
    expect((await decide(admin, first.id, { decision: 'maybe' })).json().errors).toEqual({ decision: 'Decision is required' });
    const approved = await decide(admin, first.id, { decision: 'approve', note: 'Paid by transfer' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().withdrawal).toMatchObject({ status: 'success', note: 'Paid by transfer' });
    const again = await decide(admin, first.id, { decision: 'reject' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WITHDRAWAL_NOT_PENDING);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, first.id), eq(auditLog.action, 'referrals.withdrawal_approved')));
    expect(entry).toMatchObject({ userId: tenant.users.admin.id, before: { status: 'pending' }, after: { status: 'success' } });
    expect((await referrer.get('/api/me/referrals')).json()).toMatchObject({ withdrawnKobo: 15000, pendingKobo: 0, availableKobo: 5000 });

    // only ₦50 left
    expect((await request(referrer, { amount: '60', paymentMode: 'Cash' })).statusCode).toBe(400);
    const second = (await request(referrer, { amount: '50', paymentMode: 'Cash' })).json().withdrawal;
    expect((await decide(admin, second.id, { decision: 'reject', note: 'Come to the office' })).json().withdrawal.status).toBe('failed');
    expect((await referrer.get('/api/me/referrals')).json()).toMatchObject({ availableKobo: 5000 });
    const history = (await admin.get(`/api/referrals/referrers/${referrerId}/withdrawals`)).json().items;
    expect(history.map((w: { status: string }) => w.status)).toEqual(['failed', 'success']);
    const foreign = await otherAdmin.get(`/api/referrals/referrers/${referrerId}/withdrawals`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Referrer not found');
    expect((await admin.get('/api/referrals/referrers?status=failed&search=withdrawer')).json().total).toBe(1);
  });

  it('answers 401 signed out, and 403 to an owner, who has no school to refer for', async () => {
    expect((await request(new TestClient(app), { amount: '1', paymentMode: 'Cash' })).statusCode).toBe(401);
    expect((await request(superAdmin, { amount: '1', paymentMode: 'Cash' })).statusCode).toBe(403);
    expect((await superAdmin.get('/api/me/referrals')).statusCode).toBe(403);
  });

  it('lets an owner decide a request of any school of the organisation by its id alone', async () => {
    const { school } = await createSchool(app.db, tenant.organisation.id, { name: 'Second School' });
    const referrer = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: school.id, role: 'teacher' });
    const [pending] = await app.db
      .insert(referralWithdrawals)
      .values({ schoolId: school.id, userId: referrer.id, reference: 'WD-SECONDSC', amountKobo: 1000, paymentMode: 'Cash', status: 'pending' })
      .returning();
    const decided = await superAdmin.post(`/api/referrals/withdrawals/${pending.id}/decision`, { decision: 'reject' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().withdrawal).toMatchObject({ id: pending.id, status: 'failed' });
    expect((await admin.post(`/api/referrals/withdrawals/${pending.id}/decision`, { decision: 'approve' })).statusCode).toBe(404);
  });
});

describe('GET /api/referrals/summary', () => {
  it('counts this school’s requests, referrals and earnings (hand-worked on a fresh school)', async () => {
    const fresh = await createTenant(app.db);
    const freshAdmin = await signedIn(fresh.users.admin.email);
    expect((await freshAdmin.get('/api/referrals/summary')).json()).toEqual({ totalRequests: 0, pendingRequests: 0, totalReferrals: 0, totalEarnedKobo: 0 });
    expect((await freshAdmin.get('/api/referrals/referrers')).json()).toMatchObject({ items: [], total: 0 });
    const summary = (await admin.get('/api/referrals/summary')).json();
    const [credits] = await app.db
      .select({ n: count(), sum: sql<number>`coalesce(sum(amount_kobo), 0)::int` })
      .from(referralCredits)
      .where(eq(referralCredits.schoolId, tenant.school.id));
    expect(summary.totalReferrals).toBe(credits.n);
    expect(summary.totalEarnedKobo).toBe(Number(credits.sum));
  });
});

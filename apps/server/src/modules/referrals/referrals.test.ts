import {
  INVALID_REFERRAL_CODE,
  REFERRAL_CODE_TAKEN,
  WITHDRAWAL_NOT_PENDING,
  WITHDRAWAL_OVER_BALANCE,
  WITHDRAWAL_PENDING_EXISTS,
} from '@school/shared/referrals/schemas';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionApplications, auditLog, referralCredits, referralWithdrawals, serialCodes } from '../../db/schema';
import { certificatePdf } from '../../test/pdf';
import { createClass, createEnrolment } from '../../test/factories';
import { createSchool, createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';
import { todayIn } from './referrals.service';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TestClient;
let otherAdmin: TestClient;
let superAdmin: TestClient;
let parent: TestClient;
let teacher: TestClient;

const TODAY = todayIn('Africa/Lagos');
const YEAR = Number(TODAY.slice(0, 4));
const PDF = await certificatePdf();

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let codeCounter = 0;
const campaignCode = () => `C${++codeCounter}${Date.now().toString(36).slice(-4).toUpperCase()}`;

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

function campaignBody(overrides: Record<string, unknown> = {}) {
  return {
    description: 'Bring a friend to BFA',
    date: `${YEAR - 1}-01-01`,
    endDate: `${YEAR + 1}-12-31`,
    notify: 'All classes',
    referralType: 'Everyone',
    points: '250.50',
    referralCode: campaignCode(),
    ...overrides,
  };
}

async function createCampaign(overrides: Record<string, unknown> = {}, client = admin, query = '') {
  const res = await client.post(`/api/referrals/campaigns${query}`, campaignBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().campaign as { id: string; code: string; pointValueKobo: number; status: string };
}

async function myCode(client: TestClient, campaignId: string) {
  const res = await client.post(`/api/me/referrals/campaigns/${campaignId}/code`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code as string;
}

// ---------------------------------------------------------------- applications (as admissions.test.ts does it)

async function freshSerialCode(): Promise<string> {
  const res = await admin.post('/api/admissions/serial-code-batches', { quantity: 1, price: '2500', expiresOn: `${YEAR + 1}-07-31` });
  expect(res.statusCode, res.body).toBe(201);
  return (await admin.get(`/api/admissions/serial-code-batches/${res.json().batch.id}/codes`)).json().codes[0].code;
}

async function tokenFor(code: string): Promise<string> {
  const res = await new TestClient(app).request({
    method: 'POST',
    url: '/api/admissions/serial-codes/check',
    payload: { serialCode: code },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

async function apply(referralCode: string | undefined, token?: string) {
  const form = new FormData();
  const fields: Record<string, string | undefined> = {
    email: 'mrs.bello@mail.ng',
    guardianPhone: '08021234567',
    address: '7 Ahmadu Bello Way, Kaduna',
    relationship: 'mother',
    name: 'Aisha Zainab Bello',
    gender: 'female',
    dob: '2014-09-12',
    phone: '08121234567',
    originState: 'Kaduna',
    prevEducation: 'Primary school leaving certificate',
    institution: 'Sunshine Primary School',
    institutionAddress: '2 Market Road, Kaduna',
    attendedClasses: 'Primary 6',
    institutionContactName: 'Mr. Musa',
    institutionContactPhone: '07031234567',
    class: 'JSS 1',
    referralCode,
    token: token ?? (await tokenFor(await freshSerialCode())),
  };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  form.append('birthCertificate', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'birth.pdf');
  const response = new Response(form);
  return new TestClient(app).request({
    method: 'POST',
    url: '/api/admissions/applications',
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
    remoteAddress: freshIp(),
  });
}

async function counts() {
  const [[a], [c], [s]] = await Promise.all([
    app.db.select({ n: count() }).from(admissionApplications),
    app.db.select({ n: count() }).from(referralCredits),
    app.db
      .select({ n: count() })
      .from(serialCodes)
      .where(sql`${serialCodes.usedAt} is not null`),
  ]);
  return { applications: a.n, credits: c.n, usedCodes: s.n };
}

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  admin = await signedIn(tenant.users.admin.email);
  otherAdmin = await signedIn(other.users.admin.email);
  superAdmin = await signedIn(tenant.users.super_admin.email);
  parent = await signedIn(tenant.users.parent.email);
  teacher = await signedIn(tenant.users.teacher.email);
  // the parent's child is in JSS 1 A this session
  const klass = await createClass(app.db, tenant, { level: 'JSS 1', arm: 'A' });
  await createEnrolment(app.db, tenant, { studentId: tenant.student.id, classId: klass.id });
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/referrals/campaigns (Create Referral)', () => {
  it('creates a campaign with the point value in kobo and the code upper-cased; audited; listed as Active', async () => {
    const res = await admin.post('/api/referrals/campaigns', campaignBody({ referralCode: 'bfa2024x' }));
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json().campaign;
    expect(campaign).toMatchObject({
      code: 'BFA2024X',
      pointValueKobo: 25050,
      status: 'Active',
      notify: 'All classes',
      referralType: 'Everyone',
      referrers: 0,
      referrals: 0,
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, campaign.id), eq(auditLog.action, 'referrals.campaign_created')));
    expect(entry.after).toMatchObject({ code: 'BFA2024X', pointValueKobo: 25050 });
    const list = (await admin.get('/api/referrals/campaigns')).json().items;
    expect(list.map((c: { id: string }) => c.id)).toContain(campaign.id);
    expect((await otherAdmin.get('/api/referrals/campaigns')).json().items.map((c: { id: string }) => c.id)).not.toContain(campaign.id);
  });

  it('answers 400 with Notify’s and Referral Type’s messages (and the others), writing nothing', async () => {
    const before = (await admin.get('/api/referrals/campaigns')).json().items.length;
    const res = await admin.post('/api/referrals/campaigns', { description: 'x', date: '', notify: '', referralType: '', points: '', referralCode: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      date: 'Date is required',
      notify: 'Notify is required',
      referralType: 'Referral type is required',
      points: 'Points is required',
      referralCode: 'Referral code is required',
    });
    const bad = await admin.post('/api/referrals/campaigns', campaignBody({ points: '0', notify: 'JSS 9' }));
    expect(bad.json().errors).toEqual({ points: 'Points must be a positive amount in naira', notify: 'Notify is required' });
    const backwards = await admin.post('/api/referrals/campaigns', campaignBody({ endDate: `${YEAR - 2}-01-01` }));
    expect(backwards.json().errors).toEqual({ endDate: 'End date must not be before the start date' });
    expect((await admin.get('/api/referrals/campaigns')).json().items.length).toBe(before);
  });

  it('answers 409 for a code the school already uses; another school may use it', async () => {
    const code = campaignCode();
    await createCampaign({ referralCode: code });
    const again = await admin.post('/api/referrals/campaigns', campaignBody({ referralCode: code.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: REFERRAL_CODE_TAKEN, errors: { referralCode: REFERRAL_CODE_TAKEN } });
    await createCampaign({ referralCode: code }, otherAdmin);
  });

  it('lets the super administrator manage one of the organisation’s schools; another organisation’s is 404', async () => {
    const created = await createCampaign({}, superAdmin, `?schoolId=${tenant.school.id}`);
    expect((await admin.get('/api/referrals/campaigns')).json().items.map((c: { id: string }) => c.id)).toContain(created.id);
    expect((await superAdmin.post(`/api/referrals/campaigns?schoolId=${other.school.id}`, campaignBody())).statusCode).toBe(404);
    expect((await superAdmin.get(`/api/referrals/summary?schoolId=${other.school.id}`)).statusCode).toBe(404);
    // an administrator cannot reach another school by naming it
    expect((await admin.get(`/api/referrals/campaigns?schoolId=${other.school.id}`)).statusCode).toBe(404);
    expect((await superAdmin.get('/api/referrals/schools')).json().items).toEqual([{ id: tenant.school.id, name: tenant.school.name }]);
  });

  it('answers 401 signed out and 403 for a teacher, a parent and a student', async () => {
    expect((await new TestClient(app).post('/api/referrals/campaigns', campaignBody())).statusCode).toBe(401);
    expect((await teacher.post('/api/referrals/campaigns', campaignBody())).statusCode).toBe(403);
    expect((await parent.post('/api/referrals/campaigns', campaignBody())).statusCode).toBe(403);
    expect((await (await signedIn(tenant.users.student.email)).get('/api/referrals/summary')).statusCode).toBe(403);
    for (const url of ['/api/referrals/summary', '/api/referrals/campaigns', '/api/referrals/referrers', '/api/referrals/schools']) {
      expect((await new TestClient(app).get(url)).statusCode).toBe(401);
      expect((await teacher.get(url)).statusCode).toBe(403);
    }
  });
});

describe('referrers and their codes', () => {
  it('shows a parent the campaigns for their child’s class level and every class, not staff-only or other levels', async () => {
    const forJss1 = await createCampaign({ notify: 'JSS 1', referralType: 'Parents' });
    const forAll = await createCampaign();
    const forSss3 = await createCampaign({ notify: 'SSS 3' });
    const staffOnly = await createCampaign({ referralType: 'Staff' });
    const ended = await createCampaign({ date: `${YEAR - 2}-01-01`, endDate: `${YEAR - 1}-01-01` });
    const ids = (await parent.get('/api/me/referrals')).json().campaigns.map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([forJss1.id, forAll.id]));
    for (const hidden of [forSss3.id, staffOnly.id, ended.id]) expect(ids).not.toContain(hidden);
    // a teacher sees staff campaigns whatever Notify says
    const teacherIds = (await teacher.get('/api/me/referrals')).json().campaigns.map((c: { id: string }) => c.id);
    expect(teacherIds).toEqual(expect.arrayContaining([staffOnly.id, forSss3.id]));
    expect(teacherIds).not.toContain(forJss1.id);
  });

  it('gives a personal code once (the same afterwards), audited; 404 for a campaign the user may not refer for or of another school; 400 when it is not running', async () => {
    const campaign = await createCampaign();
    const code = await myCode(parent, campaign.id);
    expect(code).toMatch(new RegExp(`^${campaign.code}-[A-Z2-9]{6}$`));
    expect(await myCode(parent, campaign.id)).toBe(code);
    expect(await app.db.select().from(auditLog).where(eq(auditLog.action, 'referrals.code_created'))).toHaveLength(1);
    const mine = (await parent.get('/api/me/referrals')).json().campaigns.find((c: { id: string }) => c.id === campaign.id);
    expect(mine).toMatchObject({ myCode: code, points: 0, earnedKobo: 0 });

    const staffOnly = await createCampaign({ referralType: 'Staff' });
    expect((await parent.post(`/api/me/referrals/campaigns/${staffOnly.id}/code`)).statusCode).toBe(404);
    const elsewhere = await createCampaign({}, otherAdmin);
    expect((await parent.post(`/api/me/referrals/campaigns/${elsewhere.id}/code`)).statusCode).toBe(404);
    expect((await parent.post('/api/me/referrals/campaigns/nope/code')).statusCode).toBe(404);
    const upcoming = await createCampaign({ date: `${YEAR + 1}-01-01`, endDate: `${YEAR + 1}-12-31` });
    const notRunning = await parent.post(`/api/me/referrals/campaigns/${upcoming.id}/code`);
    expect(notRunning.statusCode).toBe(400);
    expect(notRunning.json().message).toBe('This referral campaign is not running');
    expect((await new TestClient(app).get('/api/me/referrals')).statusCode).toBe(401);
    expect((await new TestClient(app).post(`/api/me/referrals/campaigns/${campaign.id}/code`)).statusCode).toBe(401);
  });
});

describe('an application that uses a referral code', () => {
  it('credits the referrer once, in the application’s transaction, with the campaign’s point value; the referrer and the administrators see it', async () => {
    const campaign = await createCampaign({ points: '500' });
    const code = await myCode(teacher, campaign.id);
    const res = await apply(code.toLowerCase());
    expect(res.statusCode, res.body).toBe(201);
    const [application] = await app.db.select().from(admissionApplications).where(eq(admissionApplications.registrationNo, res.json().registrationNo));
    const credits = await app.db.select().from(referralCredits).where(eq(referralCredits.applicationId, application.id));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ referrerUserId: tenant.users.teacher.id, points: 1, amountKobo: 50000, campaignId: campaign.id });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, credits[0].id), eq(auditLog.action, 'referrals.credited')));
    expect(entry.after).toMatchObject({ applicationId: application.id, points: 1, amountKobo: 50000 });

    const me = (await teacher.get('/api/me/referrals')).json();
    expect(me).toMatchObject({ points: 1, earnedKobo: 50000, availableKobo: 50000, withdrawnKobo: 0, pendingKobo: 0 });
    expect(me.campaigns.find((c: { id: string }) => c.id === campaign.id)).toMatchObject({ referrals: 1, points: 1, earnedKobo: 50000 });

    // the same application cannot be credited twice: the database refuses it
    await expect(app.db.insert(referralCredits).values({ ...credits[0], id: undefined as unknown as string })).rejects.toThrow();
  });

  it.each([
    ['an unknown code', async () => 'NOPE-123456'],
    ['the campaign code alone', async () => (await createCampaign()).code],
    [
      'an expired campaign’s code',
      async () => {
        const c = await createCampaign();
        const code = await myCode(parent, c.id);
        await app.db.execute(sql`update referral_campaigns set ends_on = ${`${YEAR - 1}-01-01`} where id = ${c.id}`);
        return code;
      },
    ],
    [
      'another school’s code',
      async () => {
        const c = await createCampaign({}, otherAdmin);
        return myCode(await signedIn(other.users.parent.email), c.id);
      },
    ],
    [
      'the code of a disabled account',
      async () => {
        const c = await createCampaign();
        const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher' });
        const code = await myCode(await signedIn(user.email), c.id);
        await app.db.execute(sql`update users set status = 'disabled' where id = ${user.id}`);
        return code;
      },
    ],
  ])('answers 400 Invalid referral code for %s and writes nothing (the serial code stays unused)', async (_label, codeOf) => {
    const code = await codeOf();
    const token = await tokenFor(await freshSerialCode());
    const before = await counts();
    const res = await apply(code, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID_REFERRAL_CODE, errors: { referralCode: INVALID_REFERRAL_CODE } });
    expect(await counts()).toEqual(before);
    // the same token still works without the code
    expect((await apply(undefined, token)).statusCode).toBe(201);
  });

  it('stores an application without a code as before, crediting nobody', async () => {
    const before = await counts();
    expect((await apply('  ')).statusCode).toBe(201);
    const after = await counts();
    expect(after.credits).toBe(before.credits);
    expect(after.applications).toBe(before.applications + 1);
  });
});

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
    expect(await app.db.select().from(referralWithdrawals).where(eq(referralWithdrawals.userId, referrerId))).toEqual([]);
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
      .where(and(eq(auditLog.entityId, first.id), eq(auditLog.action, 'referrals.withdrawal_approved')));
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

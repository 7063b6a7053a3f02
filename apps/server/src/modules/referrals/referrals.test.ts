import { INVALID_REFERRAL_CODE, REFERRAL_CODE_TAKEN } from '@school/shared/referrals/schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionApplications, auditLog, referralCredits } from '../../db/schema';
import { createUser, TestClient } from '../../test/test-app';
import {
  app,
  tenant,
  other,
  admin,
  otherAdmin,
  superAdmin,
  parent,
  teacher,
  YEAR,
  everySchool,
  campaignCode,
  signedIn,
  campaignBody,
  createCampaign,
  myCode,
  freshSerialCode,
  tokenFor,
  apply,
  counts,
  setUp,
  tearDown,
} from './referrals.test-kit';

beforeAll(setUp);
afterAll(tearDown);

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
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, campaign.id), eq(auditLog.action, 'referrals.campaign_created')));
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
    expect(
      await app.db
        .select()
        .from(auditLog)
        .where(and(inArray(auditLog.schoolId, await everySchool()), eq(auditLog.action, 'referrals.code_created'))),
    ).toHaveLength(1);
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
    const [application] = await app.db
      .select()
      .from(admissionApplications)
      .where(and(eq(admissionApplications.schoolId, tenant.school.id), eq(admissionApplications.registrationNo, res.json().registrationNo)));
    const credits = await app.db
      .select()
      .from(referralCredits)
      .where(and(eq(referralCredits.schoolId, application.schoolId), eq(referralCredits.applicationId, application.id)));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ referrerUserId: tenant.users.teacher.id, points: 1, amountKobo: 50000, campaignId: campaign.id });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, credits[0].schoolId), eq(auditLog.entityId, credits[0].id), eq(auditLog.action, 'referrals.credited')));
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
        await app.db.execute(sql`update referral_campaigns set ends_on = ${`${YEAR - 1}-01-01`} where school_id = ${tenant.school.id} and id = ${c.id}`);
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

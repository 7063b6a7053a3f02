import { randomInt } from 'node:crypto';
import { nairaToKobo } from '@school/shared/constants';
import {
  INVALID_REFERRAL_CODE,
  POINTS_PER_REFERRAL,
  REFERRAL_CODE_TAKEN,
  REFERRAL_NOTIFY_ALL,
  WITHDRAWAL_NOT_PENDING,
  WITHDRAWAL_OVER_BALANCE,
  WITHDRAWAL_PENDING_EXISTS,
  type CampaignStatus,
  type ReferralValues,
  type WithdrawalDecisionValues,
  type WithdrawalRequestValues,
} from '@school/shared/referrals/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { schools } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { RequestContext } from '../../policies/context';
import { referrerGroup } from '../../policies/referrals';
import { familyStudentIds } from '../../policies/students';
import type { RequestUser } from '../../types';
import * as repo from './referrals.repository';

export interface WriteContext {
  actor: RequestUser;
  schoolId: string;
  ip: string;
}

export const CAMPAIGN_NOT_FOUND = 'Referral campaign not found';
export const WITHDRAWAL_NOT_FOUND = 'Withdrawal request not found';
export const CAMPAIGN_NOT_ACTIVE = 'This referral campaign is not running';

/** 'YYYY-MM-DD' of today in a time zone. */
export function todayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export async function schoolToday(db: DbOrTx, schoolId: string): Promise<string> {
  const [row] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return todayIn(row?.timeZone ?? 'Africa/Lagos');
}

export function campaignStatus(c: { startsOn: string; endsOn: string | null }, today: string): CampaignStatus {
  if (today < c.startsOn) return 'Upcoming';
  if (c.endsOn && today > c.endsOn) return 'Ended';
  return 'Active';
}

/**
 * Whether a user may refer for a campaign: the Referral Type names their group (or Everyone), and
 * for parents and students Notify is every class or a level their child / they are in. Staff are
 * never limited by Notify.
 */
export function mayRefer(campaign: { referralType: string; notify: string }, referrer: { role: string }, levels: readonly string[]): boolean {
  const group = referrerGroup(referrer);
  if (!group) return false;
  if (campaign.referralType !== 'Everyone' && campaign.referralType !== group) return false;
  if (group === 'Staff' || campaign.notify === REFERRAL_NOTIFY_ALL) return true;
  return levels.includes(campaign.notify);
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomSuffix(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

const campaignSnapshot = (c: repo.CampaignRow) => ({
  description: c.description,
  startsOn: c.startsOn,
  endsOn: c.endsOn,
  notify: c.notify,
  referralType: c.referralType,
  pointValueKobo: c.pointValueKobo,
  code: c.code,
});

// ---------------------------------------------------------------- administrators

export async function createCampaign(app: FastifyInstance, ctx: WriteContext, values: ReferralValues) {
  try {
    return await app.db.transaction(async (tx) => {
      if (await repo.campaignCodeTaken(tx, ctx.schoolId, values.referralCode)) throw conflict(REFERRAL_CODE_TAKEN, { referralCode: REFERRAL_CODE_TAKEN });
      const row = await repo.insertCampaign(tx, {
        schoolId: ctx.schoolId,
        description: values.description ?? null,
        startsOn: values.date,
        endsOn: values.endDate ?? null,
        notify: values.notify,
        referralType: values.referralType,
        pointValueKobo: nairaToKobo(values.points),
        code: values.referralCode,
        createdByUserId: ctx.actor.id,
      });
      await audit(tx, {
        organisationId: ctx.actor.organisationId,
        schoolId: ctx.schoolId,
        userId: ctx.actor.id,
        action: 'referrals.campaign_created',
        entity: 'referral_campaign',
        entityId: row.id,
        after: campaignSnapshot(row),
        ip: ctx.ip,
      });
      return row;
    });
  } catch (error) {
    // two administrators chose the same code at the same moment
    if (isUniqueViolation(error)) throw conflict(REFERRAL_CODE_TAKEN, { referralCode: REFERRAL_CODE_TAKEN });
    throw error;
  }
}

export async function decideWithdrawal(app: FastifyInstance, ctx: WriteContext, id: string, input: WithdrawalDecisionValues) {
  return app.db.transaction(async (tx) => {
    const current = await repo.findWithdrawal(tx, ctx.schoolId, id);
    if (!current) throw notFound(WITHDRAWAL_NOT_FOUND);
    const status = input.decision === 'approve' ? 'success' : 'failed';
    const decided = await repo.decideWithdrawal(tx, ctx.schoolId, id, { status, decidedByUserId: ctx.actor.id, note: input.note ?? null });
    if (!decided) throw conflict(WITHDRAWAL_NOT_PENDING);
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      action: status === 'success' ? 'referrals.withdrawal_approved' : 'referrals.withdrawal_rejected',
      entity: 'referral_withdrawal',
      entityId: id,
      before: { status: current.status, amountKobo: current.amountKobo, userId: current.userId },
      after: { status, amountKobo: current.amountKobo, userId: current.userId, note: input.note ?? null },
      ip: ctx.ip,
    });
    return decided;
  });
}

// ---------------------------------------------------------------- referrers

export interface Referrer {
  ctx: RequestContext;
  schoolId: string;
  academicSessionId: string | null;
}

/** The class levels the referrer's own family is in this session: a student's class, a parent's children's (none for staff). */
async function familyLevels(db: DbOrTx, who: Referrer): Promise<string[]> {
  if (!who.academicSessionId) return [];
  return repo.classLevelsOf(db, who.schoolId, await familyStudentIds(db, who.ctx), who.academicSessionId);
}

/** The campaigns a referrer sees: running ones they may refer for, and any they hold a code in. */
export async function myCampaigns(app: FastifyInstance, who: Referrer) {
  const [rows, levels, today] = await Promise.all([
    repo.campaignsForUser(app.db, who.schoolId, who.ctx.user.id),
    familyLevels(app.db, who),
    schoolToday(app.db, who.schoolId),
  ]);
  return rows
    .map((r) => ({ ...r, status: campaignStatus(r.campaign, today) }))
    .filter((r) => r.mine || (r.status === 'Active' && mayRefer(r.campaign, who.ctx.user, levels)));
}

/** The referrer's personal code for a running campaign they may refer for, made on first request. */
export async function ensureMyCode(app: FastifyInstance, who: Referrer, campaignId: string) {
  const user = who.ctx.user;
  const campaign = await repo.findCampaign(app.db, who.schoolId, campaignId);
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  const existing = await repo.findCodeOf(app.db, who.schoolId, campaignId, user.id);
  if (existing) return existing;
  if (!mayRefer(campaign, user, await familyLevels(app.db, who))) throw notFound(CAMPAIGN_NOT_FOUND);
  if (campaignStatus(campaign, await schoolToday(app.db, who.schoolId)) !== 'Active') throw badRequest(CAMPAIGN_NOT_ACTIVE);
  return app.db.transaction(async (tx) => {
    for (let attempt = 0; ; attempt++) {
      try {
        // a savepoint, so that a clash of the random part can be tried again
        const inserted = await tx.transaction((sp) =>
          repo.insertCode(sp, { schoolId: who.schoolId, campaignId, userId: user.id, code: `${campaign.code}-${randomSuffix(6)}` }),
        );
        const row = inserted ?? (await repo.findCodeOf(tx, who.schoolId, campaignId, user.id))!;
        if (inserted) {
          await audit(tx, {
            organisationId: user.organisationId,
            schoolId: who.schoolId,
            userId: user.id,
            action: 'referrals.code_created',
            entity: 'referral_code',
            entityId: row.id,
            after: { campaignId, code: row.code },
            ip: who.ctx.ip,
          });
        }
        return row;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  });
}

/** Asks for a payout; refused above the available balance and while another request waits. */
export async function requestWithdrawal(app: FastifyInstance, who: Referrer, input: WithdrawalRequestValues) {
  const user = who.ctx.user;
  const amountKobo = nairaToKobo(input.amount);
  try {
    return await app.db.transaction(async (tx) => {
      const balance = await repo.balanceOf(tx, who.schoolId, user.id);
      if (balance.pendingKobo > 0) throw badRequest(WITHDRAWAL_PENDING_EXISTS);
      if (amountKobo > balance.availableKobo) throw badRequest(WITHDRAWAL_OVER_BALANCE, { amount: WITHDRAWAL_OVER_BALANCE });
      const row = await repo.insertWithdrawal(tx, {
        schoolId: who.schoolId,
        userId: user.id,
        reference: `WD-${randomSuffix(8)}`,
        amountKobo,
        paymentMode: input.paymentMode,
        details: input.details ?? null,
        status: 'pending',
      });
      await audit(tx, {
        organisationId: user.organisationId,
        schoolId: who.schoolId,
        userId: user.id,
        action: 'referrals.withdrawal_requested',
        entity: 'referral_withdrawal',
        entityId: row.id,
        after: { amountKobo, paymentMode: row.paymentMode, status: 'pending', availableBefore: balance.availableKobo },
        ip: who.ctx.ip,
      });
      return row;
    });
  } catch (error) {
    // a second request raced this one: the one-pending index refused it
    if (isUniqueViolation(error)) throw badRequest(WITHDRAWAL_PENDING_EXISTS);
    throw error;
  }
}

// ---------------------------------------------------------------- applications

/**
 * Credits the referrer of an application's code, inside the application's transaction: the code
 * must be one of the school's personal codes, its campaign running today (school time) and its
 * referrer's account not disabled. Anything else is the one 400 'Invalid referral code', which
 * rolls the application back. The unique (school, application) index makes a second credit impossible.
 */
export async function creditApplication(
  tx: Tx,
  input: { organisationId: string; schoolId: string; timeZone: string; applicationId: string; code: string; ip: string },
) {
  const found = await repo.findCodeForCredit(tx, input.schoolId, input.code);
  const today = todayIn(input.timeZone);
  if (!found || found.referrerSchoolId !== input.schoolId || found.referrerStatus === 'disabled' || campaignStatus(found.campaign, today) !== 'Active') {
    throw badRequest(INVALID_REFERRAL_CODE, { referralCode: INVALID_REFERRAL_CODE });
  }
  const points = POINTS_PER_REFERRAL;
  const credit = await repo.insertCredit(tx, {
    schoolId: input.schoolId,
    campaignId: found.campaign.id,
    referralCodeId: found.code.id,
    referrerUserId: found.code.userId,
    applicationId: input.applicationId,
    points,
    amountKobo: points * found.campaign.pointValueKobo,
  });
  await audit(tx, {
    organisationId: input.organisationId,
    schoolId: input.schoolId,
    userId: null,
    action: 'referrals.credited',
    entity: 'referral_credit',
    entityId: credit.id,
    after: { applicationId: input.applicationId, referrerUserId: credit.referrerUserId, code: input.code, points, amountKobo: credit.amountKobo },
    ip: input.ip,
  });
  return credit;
}

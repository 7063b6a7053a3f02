import type { ReferralStatusFilter } from '@school/shared/constants';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { schoolRow } from '../../db/columns';
import { classes, enrolments, referralCampaigns, referralCodes, referralCredits, referralWithdrawals, users } from '../../db/schema';
import { accountsByIds } from '../../lib/accounts';

export type CampaignRow = typeof referralCampaigns.$inferSelect;
export type WithdrawalRow = typeof referralWithdrawals.$inferSelect;

/** `value` for ILIKE: its own % and _ match themselves. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const toIso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();
const num = (value: unknown): number => Number(value ?? 0);

// ---------------------------------------------------------------- campaigns

export async function insertCampaign(db: DbOrTx, values: typeof referralCampaigns.$inferInsert) {
  const [row] = await db.insert(referralCampaigns).values(values).returning();
  return row;
}

export async function campaignCodeTaken(db: DbOrTx, schoolId: string, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: referralCampaigns.id })
    .from(referralCampaigns)
    .where(and(eq(referralCampaigns.schoolId, schoolId), eq(referralCampaigns.code, code)))
    .limit(1);
  return rows.length > 0;
}

export async function findCampaign(db: DbOrTx, schoolId: string, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(referralCampaigns)
    .where(and(eq(referralCampaigns.schoolId, schoolId), eq(referralCampaigns.id, id)))
    .limit(1);
  return row;
}

/** The school's campaigns, newest first, with how many referrers and referrals each has (one query). */
export async function listCampaigns(db: DbOrTx, schoolId: string) {
  const referrers = db
    .select({ campaignId: referralCodes.campaignId, n: sql<number>`count(*)::int`.as('referrer_count') })
    .from(referralCodes)
    .where(eq(referralCodes.schoolId, schoolId))
    .groupBy(referralCodes.campaignId)
    .as('rc');
  const referrals = db
    .select({ campaignId: referralCredits.campaignId, n: sql<number>`count(*)::int`.as('referral_count') })
    .from(referralCredits)
    .where(eq(referralCredits.schoolId, schoolId))
    .groupBy(referralCredits.campaignId)
    .as('cr');
  const rows = await db
    .select({ campaign: referralCampaigns, referrers: referrers.n, referrals: referrals.n })
    .from(referralCampaigns)
    .leftJoin(referrers, eq(referrers.campaignId, referralCampaigns.id))
    .leftJoin(referrals, eq(referrals.campaignId, referralCampaigns.id))
    .where(eq(referralCampaigns.schoolId, schoolId))
    .orderBy(desc(referralCampaigns.createdAt));
  return rows.map((r) => ({ ...r.campaign, referrers: num(r.referrers), referrals: num(r.referrals) }));
}

// ---------------------------------------------------------------- the administrators' figures

export async function summary(db: DbOrTx, schoolId: string) {
  const [row] = rowsOf<{ total_requests: unknown; pending_requests: unknown; total_referrals: unknown; total_earned: unknown }>(
    await db.execute(sql`
      select
        (select count(*) from referral_withdrawals where school_id = ${schoolId}) as total_requests,
        (select count(*) from referral_withdrawals where school_id = ${schoolId} and status = 'pending') as pending_requests,
        (select count(*) from referral_credits where school_id = ${schoolId}) as total_referrals,
        (select coalesce(sum(amount_kobo), 0) from referral_credits where school_id = ${schoolId}) as total_earned`),
  );
  return {
    totalRequests: num(row.total_requests),
    pendingRequests: num(row.pending_requests),
    totalReferrals: num(row.total_referrals),
    totalEarnedKobo: num(row.total_earned),
  };
}

export interface ReferrerRecord {
  userId: string;
  name: string;
  role: string;
  email: string;
  phone: string | null;
  referrals: number;
  points: number;
  earnedKobo: number;
  latest: WithdrawalRow | null;
}

/**
 * One page of the school's referrers (users with a personal code), by name, with their referrals,
 * points, earnings and latest withdrawal request; `status` filters by that request's status, `search`
 * by part of the referrer's name, e-mail or one of their codes. Two queries whatever the page size:
 * the school's referrers with their figures, then their accounts by id (ADR 0026: a statement never
 * joins the school's rows with `users`); the search on the accounts, the order and the page are applied
 * here (a school's referrers are a few hundred at most). A referrer whose account is gone is not listed.
 */
export async function listReferrers(
  db: DbOrTx,
  schoolId: string,
  query: { page: number; pageSize: number; status: ReferralStatusFilter; search?: string },
): Promise<{ rows: ReferrerRecord[]; total: number }> {
  const search = query.search ? likePattern(query.search) : null;
  const referrers = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
    with referrers as (
      select distinct user_id from referral_codes where school_id = ${schoolId}
    ),
    credits as (
      select referrer_user_id as user_id, count(*) as referrals, coalesce(sum(points), 0) as points, coalesce(sum(amount_kobo), 0) as earned
      from referral_credits where school_id = ${schoolId} group by referrer_user_id
    ),
    latest as (
      select distinct on (user_id) * from referral_withdrawals where school_id = ${schoolId} order by user_id, requested_at desc, id desc
    )
    select r.user_id,
      coalesce(c.referrals, 0) as referrals, coalesce(c.points, 0) as points, coalesce(c.earned, 0) as earned,
      l.id as w_id, l.reference as w_reference, l.amount_kobo as w_amount, l.payment_mode as w_mode, l.details as w_details,
      l.status as w_status, l.requested_at as w_requested_at, l.decided_at as w_decided_at, l.note as w_note,
      ${search ? sql`exists (select 1 from referral_codes x where x.school_id = ${schoolId} and x.user_id = r.user_id and x.code ilike ${search})` : sql`false`} as code_match
    from referrers r
    left join credits c on c.user_id = r.user_id
    left join latest l on l.user_id = r.user_id
    where true
      ${query.status === 'all' ? sql`` : sql`and l.status = ${query.status}`}`),
  );
  const accounts = await accountsByIds(
    db,
    referrers.map((r) => String(r.user_id)),
  );
  const part = query.search?.toLowerCase();
  const matching = referrers.flatMap((r) => {
    const account = accounts.get(String(r.user_id));
    if (!account) return [];
    if (part !== undefined && !(account.name.toLowerCase().includes(part) || account.email.toLowerCase().includes(part) || r.code_match === true)) return [];
    return [{ r, account, key: account.name.toLowerCase() }];
  });
  // by lower(name), then user id (a uuid orders as its lower-case hex text)
  matching.sort((a, b) => compareText(a.key, b.key) || compareText(a.account.id, b.account.id));
  const rows = matching.slice((query.page - 1) * query.pageSize, query.page * query.pageSize).map(({ r, account }) => ({
    userId: account.id,
    name: account.name,
    role: account.role,
    email: account.email,
    phone: account.phone ?? null,
    referrals: num(r.referrals),
    points: num(r.points),
    earnedKobo: num(r.earned),
    latest: r.w_id
      ? ({
          id: String(r.w_id),
          schoolId,
          userId: account.id,
          reference: String(r.w_reference),
          amountKobo: num(r.w_amount),
          paymentMode: String(r.w_mode),
          details: (r.w_details as string | null) ?? null,
          status: String(r.w_status),
          requestedAt: new Date(toIso(r.w_requested_at)),
          decidedAt: r.w_decided_at ? new Date(toIso(r.w_decided_at)) : null,
          decidedByUserId: null,
          note: (r.w_note as string | null) ?? null,
        } satisfies WithdrawalRow)
      : null,
  }));
  return { rows, total: matching.length };
}

/** Code-point order, as PostgreSQL's C collation compares text. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------- withdrawals

/** The school a withdrawal request was made in, among the schools named (the actor's: ADR 0026 names every school searched). */
export async function schoolOfWithdrawal(db: DbOrTx, schoolIds: string[], id: string): Promise<string | undefined> {
  if (schoolIds.length === 0) return undefined;
  const [row] = await db
    .select({ schoolId: referralWithdrawals.schoolId })
    .from(referralWithdrawals)
    .where(and(inArray(referralWithdrawals.schoolId, schoolIds), eq(referralWithdrawals.id, id)))
    .limit(1);
  return row?.schoolId;
}

export async function findWithdrawal(db: DbOrTx, schoolId: string, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(referralWithdrawals)
    .where(and(eq(referralWithdrawals.schoolId, schoolId), eq(referralWithdrawals.id, id)))
    .limit(1);
  return row;
}

/** pending → success or failed, once: undefined when it was no longer pending. */
export async function decideWithdrawal(
  db: DbOrTx,
  schoolId: string,
  id: string,
  values: { status: 'success' | 'failed'; decidedByUserId: string; note: string | null },
) {
  const [row] = await db
    .update(referralWithdrawals)
    .set({ ...values, decidedAt: new Date() })
    .where(and(eq(referralWithdrawals.schoolId, schoolId), eq(referralWithdrawals.id, id), eq(referralWithdrawals.status, 'pending')))
    .returning();
  return row;
}

export async function insertWithdrawal(db: DbOrTx, values: typeof referralWithdrawals.$inferInsert) {
  const [row] = await db.insert(referralWithdrawals).values(values).returning();
  return row;
}

export async function withdrawalsOf(db: DbOrTx, schoolId: string, userId: string) {
  return db
    .select()
    .from(referralWithdrawals)
    .where(and(eq(referralWithdrawals.schoolId, schoolId), eq(referralWithdrawals.userId, userId)))
    .orderBy(desc(referralWithdrawals.requestedAt), desc(referralWithdrawals.id));
}

/** A referrer's earnings and what is paid out or waiting (kobo). */
export async function balanceOf(db: DbOrTx, schoolId: string, userId: string) {
  const [row] = rowsOf<{ earned: unknown; points: unknown; withdrawn: unknown; pending: unknown }>(
    await db.execute(sql`
      select
        (select coalesce(sum(amount_kobo), 0) from referral_credits where school_id = ${schoolId} and referrer_user_id = ${userId}) as earned,
        (select coalesce(sum(points), 0) from referral_credits where school_id = ${schoolId} and referrer_user_id = ${userId}) as points,
        (select coalesce(sum(amount_kobo), 0) from referral_withdrawals where school_id = ${schoolId} and user_id = ${userId} and status = 'success') as withdrawn,
        (select coalesce(sum(amount_kobo), 0) from referral_withdrawals where school_id = ${schoolId} and user_id = ${userId} and status = 'pending') as pending`),
  );
  const earnedKobo = num(row.earned);
  const withdrawnKobo = num(row.withdrawn);
  const pendingKobo = num(row.pending);
  return { earnedKobo, points: num(row.points), withdrawnKobo, pendingKobo, availableKobo: earnedKobo - withdrawnKobo - pendingKobo };
}

// ---------------------------------------------------------------- referrers and their codes

/** Every campaign of the school with the user's code and earnings in it (two queries). */
export async function campaignsForUser(db: DbOrTx, schoolId: string, userId: string) {
  const [campaigns, mine] = await Promise.all([
    db.select().from(referralCampaigns).where(eq(referralCampaigns.schoolId, schoolId)).orderBy(desc(referralCampaigns.startsOn), asc(referralCampaigns.code)),
    db.execute(sql`
      select k.campaign_id, k.code, count(c.id) as referrals, coalesce(sum(c.points), 0) as points, coalesce(sum(c.amount_kobo), 0) as earned
      from referral_codes k
      left join referral_credits c on c.school_id = k.school_id and c.referral_code_id = k.id
      where k.school_id = ${schoolId} and k.user_id = ${userId}
      group by k.campaign_id, k.code`),
  ]);
  const byCampaign = new Map(
    rowsOf<Record<string, unknown>>(mine).map((r) => [
      String(r.campaign_id),
      { code: String(r.code), referrals: num(r.referrals), points: num(r.points), earnedKobo: num(r.earned) },
    ]),
  );
  return campaigns.map((c) => ({ campaign: c, mine: byCampaign.get(c.id) ?? null }));
}

/** The class levels some students are in, in one academic session. */
export async function classLevelsOf(db: DbOrTx, schoolId: string, studentIds: string[], academicSessionId: string): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ level: classes.level })
    .from(enrolments)
    .innerJoin(classes, schoolRow(classes, enrolments.schoolId, enrolments.classId))
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.academicSessionId, academicSessionId), inArray(enrolments.studentId, studentIds)));
  return rows.map((r) => r.level);
}

export async function findCodeOf(db: DbOrTx, schoolId: string, campaignId: string, userId: string) {
  const [row] = await db
    .select()
    .from(referralCodes)
    .where(and(eq(referralCodes.schoolId, schoolId), eq(referralCodes.campaignId, campaignId), eq(referralCodes.userId, userId)))
    .limit(1);
  return row;
}

/** Inserts the code unless the user already has one for the campaign; undefined when nothing was inserted. */
export async function insertCode(db: DbOrTx, values: typeof referralCodes.$inferInsert) {
  const [row] = await db
    .insert(referralCodes)
    .values(values)
    .onConflictDoNothing({ target: [referralCodes.schoolId, referralCodes.campaignId, referralCodes.userId] })
    .returning();
  return row;
}

/**
 * A personal code as typed on an application, with its campaign and referrer: the code first, then the
 * referrer's account by id (ADR 0026); undefined when either is missing.
 */
export async function findCodeForCredit(db: DbOrTx, schoolId: string, code: string) {
  const [row] = await db
    .select({ code: referralCodes, campaign: referralCampaigns })
    .from(referralCodes)
    .innerJoin(referralCampaigns, schoolRow(referralCampaigns, referralCodes.schoolId, referralCodes.campaignId))
    .where(and(eq(referralCodes.schoolId, schoolId), eq(referralCodes.code, code)))
    .limit(1);
  if (!row) return undefined;
  // the account's own school is not part of AccountSummary (lib/accounts.ts): read here, by id
  const [referrer] = await db.select({ status: users.status, schoolId: users.schoolId }).from(users).where(eq(users.id, row.code.userId)).limit(1);
  return referrer ? { ...row, referrerStatus: referrer.status, referrerSchoolId: referrer.schoolId } : undefined;
}

export async function insertCredit(db: DbOrTx, values: typeof referralCredits.$inferInsert) {
  const [row] = await db.insert(referralCredits).values(values).returning();
  return row;
}

/**
 * The demo school's referral campaign (ADR 0017): running from the start of the year to its end
 * (from earlier when the year has just begun, so that it covers the credits below), for everyone, ₦500
 * a point; and two referrers with earnings (issue 19): two subject teachers (never the demo teacher,
 * whose browser journey counts from zero) hold a code, credited with some of the pending applications
 * (./applications) over the past five months, and the first was paid for one of them months ago.
 * `applicationIds` are those applications, in their order.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../client';
import * as schema from '../schema';
import { demoAccount } from './noticeboard';
import { DEMO_TEACHER_EMAIL } from './plan';

/** The referrers' personal codes, which of the applications each brought (by index), and how many days before today each was credited. */
const REFERRERS = [
  { code: `BFA2024-K7MQ3T`, applications: [0, 3, 4], daysAgo: [146, 71, 12] },
  { code: `BFA2024-R4WN8H`, applications: [1, 5], daysAgo: [104, 38] },
];
/** The first referrer asked for one referral's earnings this many days before today, and was paid the next day. */
const WITHDRAWAL_DAYS_AGO = 120;

/** The moment `days` before `today` (YYYY-MM-DD) at `time` (HH:MM, UTC). */
function daysBefore(today: string, days: number, time: string): Date {
  const at = new Date(`${today}T${time}:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at;
}

export const DEMO_REFERRAL_CODE = 'BFA2024';

export async function seedReferrals(db: DbOrTx, opts: { today?: string; applicationIds?: string[] } = {}): Promise<void> {
  const today = (opts.today ?? new Date().toISOString()).slice(0, 10);
  const year = today.slice(0, 4);
  const firstCredit = daysBefore(today, Math.max(...REFERRERS.flatMap((r) => r.daysAgo)), '00:00')
    .toISOString()
    .slice(0, 10);
  const startsOn = firstCredit < `${year}-01-01` ? `${firstCredit.slice(0, 7)}-01` : `${year}-01-01`;
  const admin = await demoAccount(db, 'admin@demo.test');
  if (!admin?.schoolId) return;
  const [campaign] = await db
    .insert(schema.referralCampaigns)
    .values({
      schoolId: admin.schoolId,
      description: 'Refer a family to the school and earn ₦500 for every application that uses your code.',
      startsOn,
      endsOn: `${year}-12-31`,
      notify: 'All classes',
      referralType: 'Everyone',
      pointValueKobo: 50_000,
      code: DEMO_REFERRAL_CODE,
      createdByUserId: admin.id,
    })
    .returning();
  await seedReferrers(db, { today, schoolId: admin.schoolId, campaign, adminUserId: admin.id, applicationIds: opts.applicationIds ?? [] });
}

async function seedReferrers(
  db: DbOrTx,
  {
    today,
    schoolId,
    campaign,
    adminUserId,
    applicationIds,
  }: { today: string; schoolId: string; campaign: typeof schema.referralCampaigns.$inferSelect; adminUserId: string; applicationIds: string[] },
): Promise<void> {
  const demoTeacher = await demoAccount(db, DEMO_TEACHER_EMAIL);
  const teachers = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select user_id from staff
      where school_id = ${schoolId} and staff_type = 'Teacher' and user_id is not null and user_id <> ${demoTeacher?.id ?? adminUserId}
      order by name limit ${REFERRERS.length}`),
  );
  for (const [index, referrer] of REFERRERS.entries()) {
    const userId = teachers[index]?.user_id;
    const brought = referrer.applications
      .map((i, n) => ({
        applicationId: applicationIds[i],
        createdAt: daysBefore(today, referrer.daysAgo[n], `${10 + n * 2}:${String((7 + 13 * i) % 60).padStart(2, '0')}`),
      }))
      .filter((credit) => Boolean(credit.applicationId));
    if (!userId || brought.length === 0) continue;
    const [code] = await db.insert(schema.referralCodes).values({ schoolId, campaignId: campaign.id, userId, code: referrer.code }).returning();
    const credited = await db
      .insert(schema.referralCredits)
      .values(
        brought.map(({ applicationId, createdAt }) => ({
          schoolId,
          campaignId: campaign.id,
          referralCodeId: code.id,
          referrerUserId: userId,
          applicationId,
          points: 1,
          amountKobo: campaign.pointValueKobo,
          createdAt,
        })),
      )
      .returning();
    // the first referrer has been paid for one referral already
    if (index === 0 && credited.length > 1) {
      await db.insert(schema.referralWithdrawals).values({
        schoolId,
        userId,
        reference: 'WD-DEM7Q4XZ',
        amountKobo: campaign.pointValueKobo,
        paymentMode: 'Bank Transfer',
        status: 'success',
        requestedAt: daysBefore(today, WITHDRAWAL_DAYS_AGO, '09:20'),
        decidedByUserId: adminUserId,
        decidedAt: daysBefore(today, WITHDRAWAL_DAYS_AGO - 1, '11:45'),
      });
    }
  }
}

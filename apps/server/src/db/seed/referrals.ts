/**
 * The demo school's referral campaign (ADR 0017): running from the start of the year to its end,
 * for everyone, ₦500 a point; and two referrers with earnings (issue 19): two subject teachers (never
 * the demo teacher, whose browser journey counts from zero) hold a code, credited with some of the
 * pending applications (./applications), and the first has been paid part of it. `applicationIds`
 * are those applications, in their order.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../client';
import * as schema from '../schema';
import { demoAccount } from './noticeboard';
import { DEMO_TEACHER_EMAIL } from './plan';

/** The referrers' personal codes, and which of the applications each brought (by index). */
const REFERRERS = [
  { code: `BFA2024-K7MQ3T`, applications: [0, 3, 4] },
  { code: `BFA2024-R4WN8H`, applications: [1, 5] },
];

export const DEMO_REFERRAL_CODE = 'BFA2024';

export async function seedReferrals(db: DbOrTx, opts: { today?: string; applicationIds?: string[] } = {}): Promise<void> {
  const year = (opts.today ?? new Date().toISOString()).slice(0, 4);
  const admin = await demoAccount(db, 'admin@demo.test');
  if (!admin?.schoolId) return;
  const [campaign] = await db
    .insert(schema.referralCampaigns)
    .values({
      schoolId: admin.schoolId,
      description: 'Refer a family to the school and earn ₦500 for every application that uses your code.',
      startsOn: `${year}-01-01`,
      endsOn: `${year}-12-31`,
      notify: 'All classes',
      referralType: 'Everyone',
      pointValueKobo: 50_000,
      code: DEMO_REFERRAL_CODE,
      createdByUserId: admin.id,
    })
    .returning();
  await seedReferrers(db, { schoolId: admin.schoolId, campaign, adminUserId: admin.id, applicationIds: opts.applicationIds ?? [] });
}

async function seedReferrers(
  db: DbOrTx,
  {
    schoolId,
    campaign,
    adminUserId,
    applicationIds,
  }: { schoolId: string; campaign: typeof schema.referralCampaigns.$inferSelect; adminUserId: string; applicationIds: string[] },
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
    const brought = referrer.applications.map((i) => applicationIds[i]).filter((id): id is string => Boolean(id));
    if (!userId || brought.length === 0) continue;
    const [code] = await db.insert(schema.referralCodes).values({ schoolId, campaignId: campaign.id, userId, code: referrer.code }).returning();
    const credited = await db
      .insert(schema.referralCredits)
      .values(
        brought.map((applicationId) => ({
          schoolId,
          campaignId: campaign.id,
          referralCodeId: code.id,
          referrerUserId: userId,
          applicationId,
          points: 1,
          amountKobo: campaign.pointValueKobo,
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
        decidedByUserId: adminUserId,
        decidedAt: new Date(),
      });
    }
  }
}

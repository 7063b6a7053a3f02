/**
 * The demo school's referral campaign (ADR 0017): running from the start of the year to its end,
 * for everyone, ₦500 a point. No codes, credits or withdrawals are seeded, so that the browser
 * journeys count from zero and each referrer gets their code from their settings page.
 */
import type { DbOrTx } from '../client';
import * as schema from '../schema';
import { demoAccount } from './noticeboard';

export const DEMO_REFERRAL_CODE = 'BFA2024';

export async function seedReferrals(db: DbOrTx, opts: { today?: string } = {}): Promise<void> {
  const year = (opts.today ?? new Date().toISOString()).slice(0, 4);
  const admin = await demoAccount(db, 'admin@demo.test');
  if (!admin?.schoolId) return;
  await db.insert(schema.referralCampaigns).values({
    schoolId: admin.schoolId,
    description: 'Refer a family to the school and earn ₦500 for every application that uses your code.',
    startsOn: `${year}-01-01`,
    endsOn: `${year}-12-31`,
    notify: 'All classes',
    referralType: 'Everyone',
    pointValueKobo: 50_000,
    code: DEMO_REFERRAL_CODE,
    createdByUserId: admin.id,
  });
}

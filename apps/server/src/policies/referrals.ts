/**
 * Referrals. A school's administrators (and the organisation's owners, for any of its schools) run
 * the referral campaigns and pay out withdrawals; every signed-in user of a school refers for the
 * campaigns of their group and asks for their own earnings.
 */
import { ADMINISTRATORS, FAMILY, isParent, isSchoolStaff, isStudent, SCHOOL_STAFF } from './actors';
import { matrixRoute, record } from './policy';
import { inActorsSchool, schoolRecord } from './records';

/** The referrer group of a user: parents, a school's staff (administrators and teachers), students; owners none. */
export function referrerGroup(actor: { role: string }): 'Parents' | 'Staff' | 'Students' | null {
  if (isParent(actor)) return 'Parents';
  if (isSchoolStaff(actor)) return 'Staff';
  if (isStudent(actor)) return 'Students';
  return null;
}

/** A user of a school the actor manages (whose withdrawals an administrator reads). */
const referrer = record('referrer', (db, ctx, id) => inActorsSchool(db, ctx, 'users', id), 'Referrer not found');
const withdrawal = record('withdrawal', schoolRecord('withdrawal', 'referral_withdrawals').check, 'Withdrawal request not found');
const campaign = record('campaign', schoolRecord('campaign', 'referral_campaigns').check, 'Referral campaign not found');
const managers = { actors: ADMINISTRATORS };
/** Referrers: the people of a school (an owner has no school, so no referrals of their own). */
const referrers = { actors: [...SCHOOL_STAFF, ...FAMILY] };

export const referralsPolicy = {
  listSchools: matrixRoute('referrals.listSchools', 'settings', 'view', managers),
  readSummary: matrixRoute('referrals.readSummary', 'settings', 'view', managers),
  listCampaigns: matrixRoute('referrals.listCampaigns', 'settings', 'view', managers),
  addCampaign: matrixRoute('referrals.addCampaign', 'settings', 'add', managers),
  listReferrers: matrixRoute('referrals.listReferrers', 'settings', 'view', managers),
  readWithdrawals: matrixRoute('referrals.readWithdrawals', 'settings', 'view', { ...managers, params: { id: referrer } }),
  decideWithdrawal: matrixRoute('referrals.decideWithdrawal', 'settings', 'edit', { ...managers, params: { id: withdrawal } }),
  readMine: matrixRoute('referrals.readMine', 'profile', 'view', referrers),
  makeMyCode: matrixRoute('referrals.makeMyCode', 'profile', 'add', { ...referrers, params: { id: campaign } }),
  askWithdrawal: matrixRoute('referrals.askWithdrawal', 'profile', 'add', referrers),
};

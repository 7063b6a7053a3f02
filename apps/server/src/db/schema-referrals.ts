/**
 * Tables of the referrals area (ADR 0017): a school's campaigns, each referrer's personal code per
 * campaign, the credits that applications using a code earn, and the referrers' withdrawal requests.
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { admissionApplications } from './schema-admissions';
import { byUserId, schoolId, userId, users } from './schema-core';
import { inSchool } from './school-table';

export const referralCampaigns = inSchool(
  pgTable(
    'referral_campaigns',
    {
      id: id(),
      schoolId: schoolId(),
      description: text('description'),
      startsOn: date('starts_on').notNull(),
      endsOn: date('ends_on'),
      /** 'All classes' or a class level: whose parents and students see the campaign. */
      notify: text('notify').notNull(),
      /** Who may refer: Everyone, Parents, Staff, Students. */
      referralType: text('referral_type').notNull(),
      /** '1 point equals': the naira value of a point, in kobo. */
      pointValueKobo: integer('point_value_kobo').notNull(),
      /** The campaign's code, the prefix of its personal codes (upper case). */
      code: text('code').notNull(),
      createdByUserId: byUserId('created_by_user_id'),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex('referral_campaigns_school_code_unique').on(t.schoolId, t.code),
      index('referral_campaigns_school_created_idx').on(t.schoolId, t.createdAt),
    ],
  ),
);

/** A referrer's personal code for one campaign. */
export const referralCodes = inSchool(
  pgTable(
    'referral_codes',
    {
      id: id(),
      schoolId: schoolId(),
      campaignId: uuid('campaign_id')
        .notNull()
        .references(() => referralCampaigns.id),
      userId: userId(),
      code: text('code').notNull(),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex('referral_codes_school_code_unique').on(t.schoolId, t.code),
      uniqueIndex('referral_codes_school_campaign_user_unique').on(t.schoolId, t.campaignId, t.userId),
      index('referral_codes_school_user_idx').on(t.schoolId, t.userId),
    ],
  ),
);

/** Points earned: one row per application that used a code (never two for one application). */
export const referralCredits = inSchool(
  pgTable(
    'referral_credits',
    {
      id: id(),
      schoolId: schoolId(),
      campaignId: uuid('campaign_id')
        .notNull()
        .references(() => referralCampaigns.id),
      referralCodeId: uuid('referral_code_id')
        .notNull()
        .references(() => referralCodes.id),
      referrerUserId: uuid('referrer_user_id')
        .notNull()
        .references(() => users.id),
      applicationId: uuid('application_id')
        .notNull()
        .references(() => admissionApplications.id),
      points: integer('points').notNull(),
      /** points × the campaign's point value when earned. */
      amountKobo: integer('amount_kobo').notNull(),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex('referral_credits_school_application_unique').on(t.schoolId, t.applicationId),
      index('referral_credits_school_referrer_idx').on(t.schoolId, t.referrerUserId),
    ],
  ),
);

export const referralWithdrawals = inSchool(
  pgTable(
    'referral_withdrawals',
    {
      id: id(),
      schoolId: schoolId(),
      userId: userId(),
      /** Shown to both sides, e.g. WD-7KQ2MX9A. */
      reference: text('reference').notNull(),
      amountKobo: integer('amount_kobo').notNull(),
      paymentMode: text('payment_mode').notNull(),
      details: text('details'),
      /** pending → success (approved) or failed (rejected). */
      status: text('status').notNull().default('pending'),
      requestedAt: timestamptz('requested_at').notNull().defaultNow(),
      decidedAt: timestamptz('decided_at'),
      decidedByUserId: byUserId('decided_by_user_id'),
      note: text('note'),
    },
    (t) => [
      uniqueIndex('referral_withdrawals_school_reference_unique').on(t.schoolId, t.reference),
      index('referral_withdrawals_school_user_idx').on(t.schoolId, t.userId, t.requestedAt),
      // one request waiting per referrer: the database refuses a second, however the requests race
      uniqueIndex('referral_withdrawals_one_pending')
        .on(t.schoolId, t.userId)
        .where(sql`status = 'pending'`),
    ],
  ),
);

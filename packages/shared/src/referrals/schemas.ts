import { z } from 'zod';
import { CLASS_LEVELS, REFERRAL_STATUS_FILTER } from '../constants';
import { oneOf, optionalDateField, optionalString, requiredDateField, requiredString, whenMissing } from '../fields';

const POINTS_REQUIRED = 'Points is required';
const POINTS_INVALID = 'Points must be a positive amount in naira';
const NAIRA = /^\d+(?:\.\d{1,2})?$/;

/** 'Notify': the campaign is shown to the parents and students of this class level, or of every class. */
export const REFERRAL_NOTIFY_ALL = 'All classes';
export const REFERRAL_NOTIFY_OPTIONS = [REFERRAL_NOTIFY_ALL, ...CLASS_LEVELS] as const;
/** 'Referral Type': who may refer for the campaign (and get a personal code). */
export const REFERRAL_TYPES = ['Everyone', 'Parents', 'Staff', 'Students'] as const;
export type ReferralType = (typeof REFERRAL_TYPES)[number];

/** Campaign codes: the prefix of every personal code, e.g. BFA2024 → BFA2024-7KQ2MX. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;
export const REFERRAL_CODE_INVALID = 'Referral code must be 3 to 20 letters or digits';
export const REFERRAL_CODE_TAKEN = 'A campaign with this referral code already exists';
/** The one answer to a code on an application that is unknown, expired, not started or not usable. */
export const INVALID_REFERRAL_CODE = 'Invalid referral code';
export const REFERRAL_DESCRIPTION_MAX = 500;
/** One application that uses a referrer's code earns this many points. */
export const POINTS_PER_REFERRAL = 1;

/**
 * A naira amount as typed: a positive number with at most two decimals. Returned as naira;
 * stored as kobo with `nairaToKobo`.
 */
function nairaAmount(required: string, invalid: string) {
  return z.union([z.string(), z.number()], { error: whenMissing(required, invalid) }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required, input: value });
      return z.NEVER;
    }
    const naira = Number(text);
    if (!NAIRA.test(text) || !(naira > 0)) {
      ctx.addIssue({ code: 'custom', message: invalid, input: value });
      return z.NEVER;
    }
    return naira;
  });
}

/** 'Create Referral': a referral campaign from `date` to the optional `endDate`. */
export const referralSchema = z
  .object({
    description: optionalString().refine((v) => v === undefined || v.length <= REFERRAL_DESCRIPTION_MAX, {
      error: `Description must be at most ${REFERRAL_DESCRIPTION_MAX} characters`,
    }),
    date: requiredDateField('Date is required'),
    endDate: optionalDateField(),
    notify: oneOf(REFERRAL_NOTIFY_OPTIONS, 'Notify is required'),
    referralType: oneOf(REFERRAL_TYPES, 'Referral type is required'),
    /** '1 point equals' this many naira. */
    points: nairaAmount(POINTS_REQUIRED, POINTS_INVALID),
    referralCode: requiredString('Referral code is required')
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(REFERRAL_CODE_PATTERN, REFERRAL_CODE_INVALID)),
  })
  .refine((referral) => !referral.endDate || referral.endDate >= referral.date, {
    error: 'End date must not be before the start date',
    path: ['endDate'],
  });
export type ReferralInput = z.input<typeof referralSchema>;
export type ReferralValues = z.output<typeof referralSchema>;

/** The optional referral code on an application: trimmed, upper-cased; empty means none. */
export const applicationReferralCodeField = optionalString()
  .transform((v) => v?.toUpperCase())
  .refine((v) => v === undefined || v.length <= 40, { error: INVALID_REFERRAL_CODE });

// ---------------------------------------------------------------- withdrawals

export const WITHDRAWAL_STATUSES = ['pending', 'success', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = { pending: 'Pending', success: 'Success', failed: 'Failed' };
export const WITHDRAWAL_PAYMENT_MODES = ['Bank Transfer', 'Cash'] as const;
export const WITHDRAWAL_DETAILS_MAX = 200;
export const WITHDRAWAL_OVER_BALANCE = 'You cannot withdraw more than your available earnings';
export const WITHDRAWAL_PENDING_EXISTS = 'You already have a withdrawal request waiting for approval';
export const WITHDRAWAL_NOT_PENDING = 'This withdrawal request has already been decided';

/** A referrer asks to be paid part or all of their available earnings. */
export const withdrawalRequestSchema = z.object({
  amount: nairaAmount('Amount is required', 'Amount must be a positive amount in naira'),
  paymentMode: oneOf(WITHDRAWAL_PAYMENT_MODES, 'Payment mode is required'),
  details: optionalString().refine((v) => v === undefined || v.length <= WITHDRAWAL_DETAILS_MAX, {
    error: `Details must be at most ${WITHDRAWAL_DETAILS_MAX} characters`,
  }),
});
export type WithdrawalRequestInput = z.input<typeof withdrawalRequestSchema>;
export type WithdrawalRequestValues = z.output<typeof withdrawalRequestSchema>;

/** An administrator approves (Success) or rejects (Failed) a pending request. */
export const withdrawalDecisionSchema = z.object({
  decision: oneOf(['approve', 'reject'], 'Decision is required'),
  note: optionalString().refine((v) => v === undefined || v.length <= WITHDRAWAL_DETAILS_MAX, {
    error: `Note must be at most ${WITHDRAWAL_DETAILS_MAX} characters`,
  }),
});
export type WithdrawalDecisionValues = z.output<typeof withdrawalDecisionSchema>;

/** GET /api/referrals/referrers */
export const referrersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(REFERRAL_STATUS_FILTER).default('all'),
  search: z.string().trim().max(100).optional(),
  schoolId: z.uuid().optional(),
});
export type ReferrersQuery = z.input<typeof referrersQuerySchema>;

/** A campaign before its first day, running, or past its last day (in the school's time zone). */
export const CAMPAIGN_STATUSES = ['Active', 'Upcoming', 'Ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * What the referral endpoints answer (/api/referrals/*, /api/me/referrals*). The server declares
 * these as its response schemas; the web app uses the inferred types. Money in kobo.
 */
import { z } from 'zod';
import { CAMPAIGN_STATUSES, REFERRAL_TYPES, WITHDRAWAL_STATUSES } from './schemas';

/** GET /api/referrals/schools */
export const referralSchoolsResponse = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
export type ReferralSchools = z.infer<typeof referralSchoolsResponse>;

/** GET /api/referrals/summary: the Referrals screen's cards. */
export const referralSummaryResponse = z.object({
  totalRequests: z.number(),
  pendingRequests: z.number(),
  totalReferrals: z.number(),
  totalEarnedKobo: z.number(),
});
export type ReferralSummary = z.infer<typeof referralSummaryResponse>;

export const withdrawalResponse = z.object({
  id: z.string(),
  reference: z.string(),
  amountKobo: z.number(),
  paymentMode: z.string(),
  details: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalResponse>;

/** GET /api/referrals/referrers/:id/withdrawals */
export const withdrawalListResponse = z.object({ items: z.array(withdrawalResponse) });
export type WithdrawalList = z.infer<typeof withdrawalListResponse>;

/** POST /api/referrals/withdrawals/:id/decision and POST /api/me/referrals/withdrawals */
export const withdrawalResultResponse = z.object({ withdrawal: withdrawalResponse });
export type WithdrawalResult = z.infer<typeof withdrawalResultResponse>;

export const referralCampaignResponse = z.object({
  id: z.string(),
  description: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  notify: z.string(),
  referralType: z.enum(REFERRAL_TYPES),
  pointValueKobo: z.number(),
  code: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  referrers: z.number(),
  referrals: z.number(),
  createdAt: z.string(),
});
export type ReferralCampaign = z.infer<typeof referralCampaignResponse>;

/** GET /api/referrals/campaigns */
export const referralCampaignListResponse = z.object({ items: z.array(referralCampaignResponse) });
export type ReferralCampaignList = z.infer<typeof referralCampaignListResponse>;

/** POST /api/referrals/campaigns */
export const createdCampaignResponse = z.object({ campaign: referralCampaignResponse });
export type CreatedCampaign = z.infer<typeof createdCampaignResponse>;

/** A row of the Referrals table: one referrer of the school. */
export const referrerRowResponse = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  referrals: z.number(),
  points: z.number(),
  earnedKobo: z.number(),
  /** The referrer's latest withdrawal request. */
  latestRequest: withdrawalResponse.nullable(),
});
export type ReferrerRow = z.infer<typeof referrerRowResponse>;

/** GET /api/referrals/referrers: one page of referrers. */
export const referrerPageResponse = z.object({ items: z.array(referrerRowResponse), total: z.number(), page: z.number(), pageSize: z.number() });
export type ReferrerPage = z.infer<typeof referrerPageResponse>;

export const myReferralCampaignResponse = z.object({
  id: z.string(),
  description: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  referralType: z.enum(REFERRAL_TYPES),
  pointValueKobo: z.number(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** The signed-in user's personal code, once asked for. */
  myCode: z.string().nullable(),
  referrals: z.number(),
  points: z.number(),
  earnedKobo: z.number(),
});
export type MyReferralCampaign = z.infer<typeof myReferralCampaignResponse>;

/** GET /api/me/referrals */
export const myReferralsResponse = z.object({
  campaigns: z.array(myReferralCampaignResponse),
  points: z.number(),
  earnedKobo: z.number(),
  withdrawnKobo: z.number(),
  pendingKobo: z.number(),
  availableKobo: z.number(),
  withdrawals: z.array(withdrawalResponse),
});
export type MyReferrals = z.infer<typeof myReferralsResponse>;

/** POST /api/me/referrals/campaigns/:id/code */
export const myReferralCodeResponse = z.object({ code: z.string() });
export type MyReferralCode = z.infer<typeof myReferralCodeResponse>;

import type { MyReferralCampaign, ReferralCampaign, ReferrerRow, Withdrawal } from '@school/shared/referrals/responses';
import type { CampaignStatus, ReferralType, WithdrawalStatus } from '@school/shared/referrals/schemas';
import type { CampaignRow, ReferrerRecord, WithdrawalRow } from './referrals.repository';

export function presentWithdrawal(w: WithdrawalRow): Withdrawal {
  return {
    id: w.id,
    reference: w.reference,
    amountKobo: w.amountKobo,
    paymentMode: w.paymentMode,
    details: w.details,
    status: w.status as WithdrawalStatus,
    requestedAt: w.requestedAt.toISOString(),
    decidedAt: w.decidedAt ? w.decidedAt.toISOString() : null,
    note: w.note,
  };
}

export function presentCampaign(c: CampaignRow & { referrers: number; referrals: number }, status: CampaignStatus): ReferralCampaign {
  return {
    id: c.id,
    description: c.description,
    startsOn: c.startsOn,
    endsOn: c.endsOn,
    notify: c.notify,
    referralType: c.referralType as ReferralType,
    pointValueKobo: c.pointValueKobo,
    code: c.code,
    status,
    referrers: c.referrers,
    referrals: c.referrals,
    createdAt: c.createdAt.toISOString(),
  };
}

/** A referrer as administrators see them: contact and earnings, no password or account internals. */
export function presentReferrer(r: ReferrerRecord): ReferrerRow {
  return {
    userId: r.userId,
    name: r.name,
    role: r.role,
    email: r.email,
    phone: r.phone,
    referrals: r.referrals,
    points: r.points,
    earnedKobo: r.earnedKobo,
    latestRequest: r.latest ? presentWithdrawal(r.latest) : null,
  };
}

export function presentMyCampaign(
  c: CampaignRow,
  status: CampaignStatus,
  mine: { code: string; referrals: number; points: number; earnedKobo: number } | null,
): MyReferralCampaign {
  return {
    id: c.id,
    description: c.description,
    startsOn: c.startsOn,
    endsOn: c.endsOn,
    referralType: c.referralType as ReferralType,
    pointValueKobo: c.pointValueKobo,
    status,
    myCode: mine?.code ?? null,
    referrals: mine?.referrals ?? 0,
    points: mine?.points ?? 0,
    earnedKobo: mine?.earnedKobo ?? 0,
  };
}

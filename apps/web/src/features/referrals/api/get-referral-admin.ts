import type { ReferralCampaignList, ReferralSchools, ReferralSummary, ReferrerPage, WithdrawalList } from '@school/shared/referrals/responses';
import type { ReferrersQuery } from '@school/shared/referrals/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { referralKeys, schoolParam } from './keys';

export const getReferralSchools = () => api.get<ReferralSchools>('/api/referrals/schools');
export const getReferralSummary = (schoolId?: string) => api.get<ReferralSummary>(`/api/referrals/summary${schoolParam(schoolId)}`);
export const getCampaigns = (schoolId?: string) => api.get<ReferralCampaignList>(`/api/referrals/campaigns${schoolParam(schoolId)}`);
export const getReferrerWithdrawals = (userId: string, schoolId?: string) =>
  api.get<WithdrawalList>(`/api/referrals/referrers/${encodeURIComponent(userId)}/withdrawals${schoolParam(schoolId)}`);

export function getReferrers(query: ReferrersQuery): Promise<ReferrerPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return api.get<ReferrerPage>(`/api/referrals/referrers?${params.toString()}`);
}

export const referralSchoolsQueryOptions = () => queryOptions({ queryKey: referralKeys.schools(), queryFn: getReferralSchools });

export function useReferralSchools() {
  return useQuery(referralSchoolsQueryOptions());
}

export function useReferralSummary(schoolId: string | undefined, enabled = true) {
  return useQuery({ queryKey: referralKeys.summary(schoolId), queryFn: () => getReferralSummary(schoolId), enabled });
}

export function useCampaigns(schoolId: string | undefined, enabled = true) {
  return useQuery({ queryKey: referralKeys.campaigns(schoolId), queryFn: () => getCampaigns(schoolId), enabled });
}

export function useReferrers(query: ReferrersQuery, enabled = true) {
  return useQuery({ queryKey: referralKeys.referrers(query), queryFn: () => getReferrers(query), placeholderData: keepPreviousData, enabled });
}

export function useReferrerWithdrawals(userId: string | null, schoolId: string | undefined) {
  return useQuery({
    queryKey: referralKeys.withdrawalsOf(userId ?? '', schoolId),
    queryFn: () => getReferrerWithdrawals(userId!, schoolId),
    enabled: Boolean(userId),
  });
}

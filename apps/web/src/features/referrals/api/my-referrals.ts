import type { MyReferralCode, MyReferrals, Withdrawal, WithdrawalResult } from '@school/shared/referrals/responses';
import type { WithdrawalRequestValues } from '@school/shared/referrals/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { referralKeys } from './keys';

export const getMyReferrals = () => api.get<MyReferrals>('/api/me/referrals');

export async function getMyCode(campaignId: string): Promise<string> {
  const { code } = await api.post<MyReferralCode>(`/api/me/referrals/campaigns/${encodeURIComponent(campaignId)}/code`);
  return code;
}

export async function requestWithdrawal(values: WithdrawalRequestValues): Promise<Withdrawal> {
  const { withdrawal } = await api.post<WithdrawalResult>('/api/me/referrals/withdrawals', values);
  return withdrawal;
}

export const myReferralsQueryOptions = () => queryOptions({ queryKey: referralKeys.mine(), queryFn: getMyReferrals });

export function useMyReferrals() {
  return useQuery(myReferralsQueryOptions());
}

export function useGetMyCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: getMyCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.mine() }) });
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestWithdrawal, onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.mine() }) });
}

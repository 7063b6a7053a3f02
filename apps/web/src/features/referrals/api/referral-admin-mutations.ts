import type { CreatedCampaign, ReferralCampaign, Withdrawal, WithdrawalResult } from '@school/shared/referrals/responses';
import type { ReferralValues } from '@school/shared/referrals/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { referralKeys, schoolParam } from './keys';

export async function createCampaign({ schoolId, values }: { schoolId?: string; values: ReferralValues }): Promise<ReferralCampaign> {
  const { campaign } = await api.post<CreatedCampaign>(`/api/referrals/campaigns${schoolParam(schoolId)}`, values);
  return campaign;
}

export async function decideWithdrawal({
  id,
  schoolId,
  decision,
  note,
}: {
  id: string;
  schoolId?: string;
  decision: 'approve' | 'reject';
  note?: string;
}): Promise<Withdrawal> {
  const { withdrawal } = await api.post<WithdrawalResult>(`/api/referrals/withdrawals/${encodeURIComponent(id)}/decision${schoolParam(schoolId)}`, {
    decision,
    note,
  });
  return withdrawal;
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCampaign, onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }) });
}

export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideWithdrawal, onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }) });
}

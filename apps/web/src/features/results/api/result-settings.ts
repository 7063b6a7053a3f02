import type { FeeGate, FeeGateInput } from '@school/shared/results/fee-gate';
import type { ResultSettingsInput } from '@school/shared/results/settings';
import type { ResultSettingsView } from '@school/shared/results/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resultKeys } from './keys';

const query = (schoolId: string | null) => (schoolId ? `?schoolId=${encodeURIComponent(schoolId)}` : '');

export function getResultSettings(schoolId: string | null): Promise<ResultSettingsView> {
  return api.get<ResultSettingsView>(`/api/results/settings${query(schoolId)}`);
}

export const resultSettingsQueryOptions = (schoolId: string | null) =>
  queryOptions({ queryKey: resultKeys.settings(schoolId), queryFn: () => getResultSettings(schoolId) });

/** The administrator's own school (schoolId null) or, for the super administrator, the chosen one. */
export function useResultSettings(schoolId: string | null, enabled = true) {
  return useQuery({ ...resultSettingsQueryOptions(schoolId), enabled });
}

export function useSaveResultSettings(schoolId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResultSettingsInput) => api.put<ResultSettingsView>(`/api/results/settings${query(schoolId)}`, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(resultKeys.settings(schoolId), saved);
      await queryClient.invalidateQueries({ queryKey: resultKeys.all });
    },
  });
}

/** The school's fee gate (GET/PUT /api/results/fee-gate): results withheld from families who owe more than an amount. */
export function useFeeGate() {
  return useQuery({ queryKey: [...resultKeys.all, 'fee-gate'], queryFn: () => api.get<FeeGate>('/api/results/fee-gate') });
}

export function useSaveFeeGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeeGateInput) => api.put<FeeGate>('/api/results/fee-gate', input),
    onSuccess: (saved) => queryClient.setQueryData([...resultKeys.all, 'fee-gate'], saved),
  });
}

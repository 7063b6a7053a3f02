import type { BatchPins, ResultPinBatch, ResultPinBatchList, ResultPinStatus, UnlockResultsResult } from '@school/shared/report-cards/responses';
import type { GeneratePinsInput, UnlockResultsInput } from '@school/shared/report-cards/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportCardKeys } from './report-cards';

export function useResultPinBatches() {
  return useQuery(queryOptions({ queryKey: reportCardKeys.pins(), queryFn: () => api.get<ResultPinBatchList>('/api/result-pins/batches') }));
}

export function useBatchPins(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: reportCardKeys.batch(id ?? ''),
      queryFn: () => api.get<BatchPins>(`/api/result-pins/batches/${encodeURIComponent(id ?? '')}/pins`),
      enabled: Boolean(id),
    }),
  );
}
export const batchCsvUrl = (id: string) => `/api/result-pins/batches/${encodeURIComponent(id)}/pins.csv`;

export function useGeneratePins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeneratePinsInput) => api.post<ResultPinBatch>('/api/result-pins/batches', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportCardKeys.pins() }),
  });
}

/** Uses one view of a PIN; afterwards every report card and result query is fetched again. */
export function useUnlockResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UnlockResultsInput) => api.post<UnlockResultsResult>('/api/result-pins/unlock', input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reportCardKeys.all });
      await queryClient.invalidateQueries({ queryKey: reportCardKeys.pins() });
      await queryClient.invalidateQueries({ queryKey: ['results'] });
    },
  });
}

export function useResultPinStatus(studentId: string, termId: string) {
  return useQuery(
    queryOptions({
      queryKey: reportCardKeys.pinStatus(studentId, termId),
      queryFn: () => api.get<ResultPinStatus>(`/api/result-pins/status?studentId=${encodeURIComponent(studentId)}&termId=${encodeURIComponent(termId)}`),
      enabled: Boolean(studentId && termId),
    }),
  );
}

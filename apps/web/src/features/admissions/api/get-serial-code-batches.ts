import type { SerialCodeBatchCodes, SerialCodeBatchCreated, SerialCodeBatchList } from '@school/shared/admissions/responses';
import type { SerialCodeBatchInput } from '@school/shared/admissions/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { admissionKeys } from './keys';

export function getSerialCodeBatches(): Promise<SerialCodeBatchList> {
  return api.get<SerialCodeBatchList>('/api/admissions/serial-code-batches');
}

export const serialCodeBatchesQueryOptions = () => queryOptions({ queryKey: admissionKeys.batches(), queryFn: getSerialCodeBatches });

export function useSerialCodeBatches() {
  return useQuery(serialCodeBatchesQueryOptions());
}

export function getBatchCodes(id: string): Promise<SerialCodeBatchCodes> {
  return api.get<SerialCodeBatchCodes>(`/api/admissions/serial-code-batches/${encodeURIComponent(id)}/codes`);
}

export const batchCodesQueryOptions = (id: string) => queryOptions({ queryKey: admissionKeys.batchCodes(id), queryFn: () => getBatchCodes(id) });

export function useBatchCodes(id: string | null) {
  return useQuery({ ...batchCodesQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** Where the browser downloads a batch as CSV (the session cookie goes with it). */
export function batchCsvUrl(id: string): string {
  return `/api/admissions/serial-code-batches/${encodeURIComponent(id)}/codes.csv`;
}

export function createSerialCodeBatch(input: SerialCodeBatchInput): Promise<SerialCodeBatchCreated> {
  return api.post<SerialCodeBatchCreated>('/api/admissions/serial-code-batches', input);
}

export function useCreateSerialCodeBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSerialCodeBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: admissionKeys.batches() }),
  });
}

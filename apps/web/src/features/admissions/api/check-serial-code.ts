import type { SerialCodeCheckResult } from '@school/shared/admissions/responses';
import type { SerialCodeInput } from '@school/shared/admissions/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function checkSerialCode(input: SerialCodeInput): Promise<SerialCodeCheckResult> {
  return api.post<SerialCodeCheckResult>('/api/admissions/serial-codes/check', input);
}

export function useCheckSerialCode() {
  return useMutation({ mutationFn: checkSerialCode });
}

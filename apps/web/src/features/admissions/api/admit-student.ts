import type { DirectAdmissionResponse, DirectAdmissionResult } from '@school/shared/admissions/responses';
import type { DirectAdmissionInput } from '@school/shared/admissions/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { admissionKeys } from './keys';

export async function admitStudent(values: DirectAdmissionInput): Promise<DirectAdmissionResult> {
  return (await api.post<DirectAdmissionResponse>('/api/admissions/students', values)).student;
}

/** Admits on the server; the classes' student counts refresh afterwards. */
export function useAdmitStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: admitStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: admissionKeys.classes() }),
  });
}

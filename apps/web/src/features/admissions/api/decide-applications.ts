import type { AdmissionClassList, DecisionResponse } from '@school/shared/admissions/responses';
import type { Decision } from '@school/shared/admissions/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { admissionKeys } from './keys';

export interface DecideInput {
  ids: string[];
  decision: Decision;
  classId?: string;
}

export function decideApplications(input: DecideInput): Promise<DecisionResponse> {
  return api.post<DecisionResponse>('/api/admissions/applications/decisions', input);
}

/**
 * Decides on the server; the lists, counts and details refresh afterwards, whatever the outcome, and so do
 * the classes' student counts (an accepted applicant is enrolled in a class).
 */
export function useDecideApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplications,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: admissionKeys.applications() }),
        queryClient.invalidateQueries({ queryKey: admissionKeys.classes() }),
      ]),
  });
}

export function getAdmissionClasses(): Promise<AdmissionClassList> {
  return api.get<AdmissionClassList>('/api/admissions/classes');
}

export function useAdmissionClasses(enabled = true) {
  return useQuery({ queryKey: admissionKeys.classes(), queryFn: getAdmissionClasses, enabled });
}

import type {
  Approvals,
  ApprovalSteps,
  ApprovalStepsInput,
  ApproveClassesInput,
  ApproveClassesResult,
  ReturnClassInput,
  ReturnSheetInput,
  ReviewClassInput,
  SubmitSheetInput,
} from '@school/shared/results/approvals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resultKeys } from './keys';

const schoolQuery = (schoolId: string | null) => (schoolId ? `?schoolId=${encodeURIComponent(schoolId)}` : '');

/** Which approval steps the school uses (GET /api/results/approval-steps); a super administrator names the school. */
export function useApprovalSteps(schoolId: string | null, enabled = true) {
  return useQuery({
    queryKey: resultKeys.approvalSteps(schoolId),
    queryFn: () => api.get<ApprovalSteps>(`/api/results/approval-steps${schoolQuery(schoolId)}`),
    enabled,
  });
}

export function useSaveApprovalSteps(schoolId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalStepsInput) => api.put<ApprovalSteps>(`/api/results/approval-steps${schoolQuery(schoolId)}`, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(resultKeys.approvalSteps(schoolId), saved);
      // sheets lock or open, classes become ready to publish or not
      await queryClient.invalidateQueries({ queryKey: resultKeys.all });
    },
  });
}

/** Where each class of a term stands in the chain (the selected session's current term without termId). */
export function useApprovals(termId: string | null, enabled = true) {
  return useQuery({
    queryKey: resultKeys.approvals(termId),
    queryFn: () => api.get<Approvals>(`/api/results/approvals${termId ? `?${new URLSearchParams({ termId })}` : ''}`),
    enabled,
    retry: false,
  });
}

type Moved = { submitted?: boolean; returned?: boolean; reviewed?: boolean };

/** A move in the chain changes the approvals list, the sheets (locked or open) and what may publish: all refresh. */
function useChainMove<Input>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api.post<Moved>(path, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultKeys.all }),
  });
}

/** Teachers move their own sheets and classes; administrators anybody's, through the records routes (as with scores). */
const movePath = (scope: 'teacher' | 'admin', path: string) => (scope === 'admin' ? `/api/records/results${path}` : `/api/results${path}`);

export const useSubmitSheet = (scope: 'teacher' | 'admin') => useChainMove<SubmitSheetInput>(movePath(scope, '/sheets/submit'));
export const useReturnSheet = (scope: 'teacher' | 'admin') => useChainMove<ReturnSheetInput>(movePath(scope, '/sheets/return'));
/** A 409 (ApiError) names the subjects not submitted yet. */
export const useReviewClass = (scope: 'teacher' | 'admin') => useChainMove<ReviewClassInput>(movePath(scope, '/approvals/review'));
export const useReturnClass = () => useChainMove<ReturnClassInput>('/api/results/approvals/return');

export function useApproveClasses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApproveClassesInput) => api.post<ApproveClassesResult>('/api/results/approvals/approve', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultKeys.all }),
  });
}

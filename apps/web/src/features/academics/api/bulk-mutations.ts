import type { AssignSubjectToLevelResponse, BulkClassesResponse, BulkSubjectsResponse } from '@school/shared/academics/responses';
import type { AssignSubjectToLevelInput, BulkClassesInput, BulkSubjectsInput } from '@school/shared/academics/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

/** Bulk set-up (issue 19): each is one request, all or nothing on the server. */
export function createSubjects(input: BulkSubjectsInput): Promise<BulkSubjectsResponse> {
  return api.post<BulkSubjectsResponse>('/api/academics/subjects/bulk', input);
}

export function createClasses(input: BulkClassesInput): Promise<BulkClassesResponse> {
  return api.post<BulkClassesResponse>('/api/academics/classes/bulk', input);
}

export function assignSubjectToLevel({ subjectId, ...input }: AssignSubjectToLevelInput & { subjectId: string }): Promise<AssignSubjectToLevelResponse> {
  return api.post<AssignSubjectToLevelResponse>(`/api/academics/subjects/${encodeURIComponent(subjectId)}/levels`, input);
}

function useAcademicsMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: academicsKeys.all }) });
}

export const useCreateSubjects = () => useAcademicsMutation(createSubjects);
export const useCreateClasses = () => useAcademicsMutation(createClasses);
export const useAssignSubjectToLevel = () => useAcademicsMutation(assignSubjectToLevel);

import type { SubjectListResponse } from '@school/shared/academics/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

export function getSubjects(): Promise<SubjectListResponse> {
  return api.get<SubjectListResponse>('/api/academics/subjects');
}

export const subjectsQueryOptions = () => queryOptions({ queryKey: academicsKeys.subjects(), queryFn: getSubjects });

export function useSubjects() {
  return useQuery(subjectsQueryOptions());
}

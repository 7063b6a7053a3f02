import type { AssignmentList, AssignmentOptions } from '@school/shared/assignments/responses';
import type { AssignmentListQuery } from '@school/shared/assignments/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

function search(query: AssignmentListQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function getAssignments(query: AssignmentListQuery): Promise<AssignmentList> {
  return api.get<AssignmentList>(`/api/assignments${search(query)}`);
}
export const assignmentsQueryOptions = (query: AssignmentListQuery) =>
  queryOptions({ queryKey: assignmentKeys.list(query), queryFn: () => getAssignments(query), placeholderData: keepPreviousData });
export function useAssignments(query: AssignmentListQuery) {
  return useQuery(assignmentsQueryOptions(query));
}

export function getAssignmentOptions(): Promise<AssignmentOptions> {
  return api.get<AssignmentOptions>('/api/assignments/options');
}
export function useAssignmentOptions() {
  return useQuery(queryOptions({ queryKey: assignmentKeys.options(), queryFn: getAssignmentOptions }));
}

export function getStudentAssignments(studentId: string): Promise<AssignmentList> {
  return api.get<AssignmentList>(`/api/students/${encodeURIComponent(studentId)}/assignments`);
}
export function useStudentAssignments(studentId: string) {
  return useQuery(queryOptions({ queryKey: assignmentKeys.student(studentId), queryFn: () => getStudentAssignments(studentId) }));
}

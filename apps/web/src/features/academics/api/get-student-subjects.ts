import type { StudentSubjectsResponse } from '@school/shared/academics/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

export function getStudentSubjects(studentId: string): Promise<StudentSubjectsResponse> {
  return api.get<StudentSubjectsResponse>(`/api/students/${encodeURIComponent(studentId)}/subjects`);
}

export const studentSubjectsQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: academicsKeys.studentSubjects(studentId), queryFn: () => getStudentSubjects(studentId) });

export function useStudentSubjects(studentId: string) {
  return useQuery(studentSubjectsQueryOptions(studentId));
}

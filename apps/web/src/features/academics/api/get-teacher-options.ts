import type { TeacherOptionsResponse } from '@school/shared/academics/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

export function getTeacherOptions(): Promise<TeacherOptionsResponse> {
  return api.get<TeacherOptionsResponse>('/api/academics/teachers');
}

export const teacherOptionsQueryOptions = () => queryOptions({ queryKey: academicsKeys.teachers(), queryFn: getTeacherOptions });

export function useTeacherOptions() {
  return useQuery(teacherOptionsQueryOptions());
}

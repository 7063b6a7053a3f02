import type { StudentListItem, StudentListQuery, StudentPage } from '@school/shared/students/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentKeys, toSearchParams } from './keys';

export function getStudents(query: StudentListQuery): Promise<StudentPage<StudentListItem>> {
  return api.get<StudentPage<StudentListItem>>(`/api/students${toSearchParams({ ...query })}`);
}

export const studentsQueryOptions = (query: StudentListQuery) =>
  queryOptions({
    queryKey: studentKeys.list(query),
    queryFn: () => getStudents(query),
    placeholderData: keepPreviousData,
  });

export function useStudents(query: StudentListQuery) {
  return useQuery(studentsQueryOptions(query));
}

import type { StudentPage } from '@school/shared/students/responses';
import type { StudentListQuery } from '@school/shared/students/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentKeys, toSearchParams } from './keys';

export function getStudents(query: StudentListQuery): Promise<StudentPage> {
  return api.get<StudentPage>(`/api/students${toSearchParams({ ...query })}`);
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

import type { SchoolUserPage } from '@school/shared/staff/responses';
import type { SchoolUsersQuery } from '@school/shared/staff/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys, toSearchParams } from './keys';

export function getSchoolUsers(query: SchoolUsersQuery): Promise<SchoolUserPage> {
  return api.get<SchoolUserPage>(`/api/school/users${toSearchParams({ ...query })}`);
}

export const schoolUsersQueryOptions = (query: SchoolUsersQuery) =>
  queryOptions({
    queryKey: staffKeys.users(query),
    queryFn: () => getSchoolUsers(query),
    placeholderData: keepPreviousData,
  });

export function useSchoolUsers(query: SchoolUsersQuery) {
  return useQuery(schoolUsersQueryOptions(query));
}

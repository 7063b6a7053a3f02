import type { StaffPage } from '@school/shared/staff/responses';
import type { StaffListQuery } from '@school/shared/staff/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys, toSearchParams } from './keys';

export function getStaffList(query: StaffListQuery): Promise<StaffPage> {
  return api.get<StaffPage>(`/api/staff${toSearchParams({ ...query })}`);
}

export const staffListQueryOptions = (query: StaffListQuery) =>
  queryOptions({
    queryKey: staffKeys.list(query),
    queryFn: () => getStaffList(query),
    placeholderData: keepPreviousData,
  });

export function useStaffList(query: StaffListQuery) {
  return useQuery(staffListQueryOptions(query));
}

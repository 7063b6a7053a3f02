import type { StaffAnswer, StaffDetail } from '@school/shared/staff/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useQueryForEditing } from '@/lib/query-for-editing';
import { staffKeys } from './keys';

export async function getStaff(id: string): Promise<StaffDetail> {
  const { staff } = await api.get<StaffAnswer>(`/api/staff/${encodeURIComponent(id)}`);
  return staff;
}

export const staffQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffKeys.detail(id),
    queryFn: () => getStaff(id),
  });

export function useStaff(id: string) {
  return useQuery(staffQueryOptions(id));
}

/** The record the edit form starts from: fetched again on opening, never a cached copy. */
export function useStaffForEditing(id: string) {
  return useQueryForEditing(staffQueryOptions(id));
}

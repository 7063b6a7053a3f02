import type { UserPage } from '@school/shared/organisations/responses';
import type { ListUsersQuery } from '@school/shared/organisations/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './keys';

export function getUsers(query: ListUsersQuery): Promise<UserPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return api.get<UserPage>(`/api/organisation/users${search ? `?${search}` : ''}`);
}

export const usersQueryOptions = (query: ListUsersQuery) =>
  queryOptions({ queryKey: organisationKeys.users(query), queryFn: () => getUsers(query), placeholderData: keepPreviousData });

/** One page of the organisation's users; the previous page stays on screen while the next loads. */
export function useUsers(query: ListUsersQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(query), ...options });
}

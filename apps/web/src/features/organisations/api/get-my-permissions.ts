import { DEFAULT_PERMISSION_MATRIX, type Area, type Grant } from '@school/shared/auth/permissions';
import type { Role } from '@school/shared/auth/roles';
import type { MyPermissions } from '@school/shared/organisations/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './keys';

export function getMyPermissions(): Promise<MyPermissions> {
  return api.get<MyPermissions>('/api/auth/permissions');
}

export const myPermissionsQueryOptions = () => queryOptions({ queryKey: organisationKeys.myPermissions(), queryFn: getMyPermissions, staleTime: 60_000 });

/**
 * The signed-in user's grants per area. Until the server answers, the default matrix's row of
 * their role stands in, so the menu does not flicker for the usual organisation.
 */
export function useMyGrants(role: Role | undefined): Record<Area, Grant> | undefined {
  const query = useQuery({ ...myPermissionsQueryOptions(), enabled: Boolean(role) });
  if (query.data && query.data.role === role) return query.data.grants;
  return role ? DEFAULT_PERMISSION_MATRIX[role] : undefined;
}

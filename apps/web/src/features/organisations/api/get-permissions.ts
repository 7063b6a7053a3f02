import type { PermissionSettings } from '@school/shared/organisations/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './keys';

export function getPermissions(): Promise<PermissionSettings> {
  return api.get<PermissionSettings>('/api/organisation/permissions');
}

export const permissionsQueryOptions = () => queryOptions({ queryKey: organisationKeys.permissions(), queryFn: getPermissions });

export function usePermissions() {
  return useQuery(permissionsQueryOptions());
}

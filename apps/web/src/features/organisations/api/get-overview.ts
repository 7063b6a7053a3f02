import type { OrganisationOverview } from '@school/shared/organisations/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './keys';

export function getOverview(): Promise<OrganisationOverview> {
  return api.get<OrganisationOverview>('/api/organisation/overview');
}

export const overviewQueryOptions = () => queryOptions({ queryKey: organisationKeys.overview(), queryFn: getOverview });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}

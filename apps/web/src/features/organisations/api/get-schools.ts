import type { SchoolList } from '@school/shared/organisations/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './keys';

export function getSchools(): Promise<SchoolList> {
  return api.get<SchoolList>('/api/organisation/schools');
}

export const schoolsQueryOptions = () => queryOptions({ queryKey: organisationKeys.schools(), queryFn: getSchools });

export function useSchools() {
  return useQuery(schoolsQueryOptions());
}

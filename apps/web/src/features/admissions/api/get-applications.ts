import type { ApplicationPage, ApplicationSummary } from '@school/shared/admissions/responses';
import type { ApplicationListQuery } from '@school/shared/admissions/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { admissionKeys, toSearchParams } from './keys';

export function getApplications(query: ApplicationListQuery): Promise<ApplicationPage> {
  return api.get<ApplicationPage>(`/api/admissions/applications${toSearchParams({ ...query })}`);
}

export const applicationsQueryOptions = (query: ApplicationListQuery) =>
  queryOptions({ queryKey: admissionKeys.applicationList(query), queryFn: () => getApplications(query), placeholderData: keepPreviousData });

export function useApplications(query: ApplicationListQuery) {
  return useQuery(applicationsQueryOptions(query));
}

export function getApplicationSummary(): Promise<ApplicationSummary> {
  return api.get<ApplicationSummary>('/api/admissions/applications/summary');
}

export function useApplicationSummary() {
  return useQuery({ queryKey: admissionKeys.summary(), queryFn: getApplicationSummary });
}

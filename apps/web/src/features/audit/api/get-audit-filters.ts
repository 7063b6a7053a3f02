import type { AuditFilters } from '@school/shared/audit/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './get-audit-entries';

export function getAuditFilters(): Promise<AuditFilters> {
  return api.get<AuditFilters>('/api/audit/filters');
}

export const auditFiltersQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.filters(),
    queryFn: getAuditFilters,
    staleTime: 5 * 60_000,
  });

export function useAuditFilters() {
  return useQuery(auditFiltersQueryOptions());
}

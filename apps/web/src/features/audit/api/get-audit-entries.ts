import type { AuditPage } from '@school/shared/audit/responses';
import type { AuditQuery } from '@school/shared/audit/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery) => [...auditKeys.all, 'list', query] as const,
  filters: () => [...auditKeys.all, 'filters'] as const,
};

export function getAuditEntries(query: AuditQuery): Promise<AuditPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return api.get<AuditPage>(`/api/audit?${params.toString()}`);
}

export const auditEntriesQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: () => getAuditEntries(query),
    placeholderData: keepPreviousData,
  });

export function useAuditEntries(query: AuditQuery) {
  return useQuery(auditEntriesQueryOptions(query));
}

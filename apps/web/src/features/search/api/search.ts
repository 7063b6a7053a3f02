import { SEARCH_MIN_LENGTH } from '@school/shared/search/constants';
import type { SearchResponse } from '@school/shared/search/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function search(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  return api.get<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`, { signal });
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q.toLowerCase()],
    queryFn: ({ signal }) => search(q, signal),
    staleTime: 30_000,
  });

/** The top-bar search; asks nothing until the query has at least 2 characters. */
export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), enabled: q.length >= SEARCH_MIN_LENGTH });
}

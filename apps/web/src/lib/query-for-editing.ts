import { type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query';

/**
 * The record an edit form starts from: always fetched again when the form opens, and `ready` only
 * once that fetch has answered. A cached copy (kept in this browser, or restored from localStorage
 * after a reload) must never become the defaults of a form whose save would overwrite a newer one.
 */
export function useQueryForEditing<TData, TKey extends QueryKey>(options: UseQueryOptions<TData, Error, TData, TKey>) {
  const query = useQuery({ ...options, refetchOnMount: 'always' });
  return { ...query, ready: query.isFetchedAfterMount && !query.isFetching };
}

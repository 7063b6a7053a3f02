import type { ParentChildrenResponse } from '@school/shared/users/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ParentChild } from '@school/shared/users/responses';

export function getChildren(): Promise<ParentChildrenResponse> {
  return api.get<ParentChildrenResponse>('/api/parent/children');
}

export const childrenQueryOptions = () => queryOptions({ queryKey: ['parent', 'children'], queryFn: getChildren });

export function useChildren() {
  return useQuery(childrenQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ParentChild {
  studentId: string;
  name: string;
  className: string | null;
  registrationNo: string | null;
}

export function getChildren(): Promise<{ items: ParentChild[] }> {
  return api.get<{ items: ParentChild[] }>('/api/parent/children');
}

export const childrenQueryOptions = () => queryOptions({ queryKey: ['parent', 'children'], queryFn: getChildren });

export function useChildren() {
  return useQuery(childrenQueryOptions());
}

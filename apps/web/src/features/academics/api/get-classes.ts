import type { ClassDetailResponse, ClassListResponse } from '@school/shared/academics/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

export function getClasses(): Promise<ClassListResponse> {
  return api.get<ClassListResponse>('/api/academics/classes');
}

export const classesQueryOptions = () => queryOptions({ queryKey: academicsKeys.classes(), queryFn: getClasses });

export function useClasses() {
  return useQuery(classesQueryOptions());
}

export function getClass(id: string): Promise<ClassDetailResponse> {
  return api.get<ClassDetailResponse>(`/api/academics/classes/${encodeURIComponent(id)}`);
}

export const classQueryOptions = (id: string) => queryOptions({ queryKey: academicsKeys.class(id), queryFn: () => getClass(id) });

export function useClass(id: string | null) {
  return useQuery({ ...classQueryOptions(id ?? ''), enabled: Boolean(id) });
}

import type { TimetableClassList } from '@school/shared/timetable/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timetableKeys } from './keys';

export function getTimetableClasses(): Promise<TimetableClassList> {
  return api.get<TimetableClassList>('/api/timetable/classes');
}

export const timetableClassesQueryOptions = () => queryOptions({ queryKey: timetableKeys.classes(), queryFn: getTimetableClasses });

export function useTimetableClasses() {
  return useQuery(timetableClassesQueryOptions());
}

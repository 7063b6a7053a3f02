import type { ClassTimetable } from '@school/shared/timetable/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timetableKeys } from './keys';

export function getClassTimetable(classId: string): Promise<ClassTimetable> {
  return api.get<ClassTimetable>(`/api/classes/${encodeURIComponent(classId)}/timetable`);
}

export const classTimetableQueryOptions = (classId: string) =>
  queryOptions({ queryKey: timetableKeys.class(classId), queryFn: () => getClassTimetable(classId) });

export function useClassTimetable(classId: string | null) {
  return useQuery({ ...classTimetableQueryOptions(classId ?? ''), enabled: Boolean(classId) });
}

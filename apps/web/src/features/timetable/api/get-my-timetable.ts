import type { TeacherTimetable } from '@school/shared/timetable/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timetableKeys } from './keys';

export function getMyTimetable(): Promise<TeacherTimetable> {
  return api.get<TeacherTimetable>('/api/teachers/me/timetable');
}

export const myTimetableQueryOptions = () => queryOptions({ queryKey: timetableKeys.mine(), queryFn: getMyTimetable });

export function useMyTimetable() {
  return useQuery(myTimetableQueryOptions());
}

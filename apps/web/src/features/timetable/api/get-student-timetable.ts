import type { StudentTimetable } from '@school/shared/timetable/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timetableKeys } from './keys';

export function getStudentTimetable(studentId: string): Promise<StudentTimetable> {
  return api.get<StudentTimetable>(`/api/students/${encodeURIComponent(studentId)}/timetable`);
}

export const studentTimetableQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: timetableKeys.student(studentId), queryFn: () => getStudentTimetable(studentId) });

export function useStudentTimetable(studentId: string | undefined) {
  return useQuery({ ...studentTimetableQueryOptions(studentId ?? ''), enabled: Boolean(studentId) });
}

import type { StudentAttendance } from '@school/shared/attendance/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './keys';

export function getStudentAttendance(studentId: string, month: string | null): Promise<StudentAttendance> {
  const query = month ? `?month=${encodeURIComponent(month)}` : '';
  return api.get<StudentAttendance>(`/api/students/${encodeURIComponent(studentId)}/attendance${query}`);
}

export const studentAttendanceQueryOptions = (studentId: string, month: string | null) =>
  queryOptions({ queryKey: attendanceKeys.student(studentId, month), queryFn: () => getStudentAttendance(studentId, month) });

export function useStudentAttendance(studentId: string | undefined, month: string | null) {
  return useQuery({ ...studentAttendanceQueryOptions(studentId ?? '', month), enabled: Boolean(studentId), placeholderData: keepPreviousData });
}

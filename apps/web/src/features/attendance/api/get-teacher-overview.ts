import type { TeacherAttendanceOverview } from '@school/shared/attendance/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './keys';

export function getTeacherOverview(): Promise<TeacherAttendanceOverview> {
  return api.get<TeacherAttendanceOverview>('/api/attendance/teacher-overview');
}

export const teacherOverviewQueryOptions = () => queryOptions({ queryKey: attendanceKeys.overview(), queryFn: getTeacherOverview });

export function useTeacherOverview() {
  return useQuery(teacherOverviewQueryOptions());
}

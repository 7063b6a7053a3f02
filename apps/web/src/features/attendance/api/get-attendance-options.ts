import type { AttendanceOptions } from '@school/shared/attendance/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './keys';

export function getAttendanceOptions(): Promise<AttendanceOptions> {
  return api.get<AttendanceOptions>('/api/attendance/options');
}

export const attendanceOptionsQueryOptions = () => queryOptions({ queryKey: attendanceKeys.options(), queryFn: getAttendanceOptions });

export function useAttendanceOptions() {
  return useQuery(attendanceOptionsQueryOptions());
}

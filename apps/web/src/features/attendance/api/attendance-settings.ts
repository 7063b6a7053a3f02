import type { AttendanceSettingsResponse } from '@school/shared/attendance/responses';
import type { AttendanceSettings } from '@school/shared/attendance/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './keys';

export function getAttendanceSettings(): Promise<AttendanceSettingsResponse> {
  return api.get<AttendanceSettingsResponse>('/api/settings/attendance');
}

export const attendanceSettingsQueryOptions = () => queryOptions({ queryKey: attendanceKeys.settings(), queryFn: getAttendanceSettings });

export function useAttendanceSettings() {
  return useQuery(attendanceSettingsQueryOptions());
}

export function saveAttendanceSettings(input: AttendanceSettings): Promise<AttendanceSettingsResponse> {
  return api.put<AttendanceSettingsResponse>('/api/settings/attendance', input);
}

export function useSaveAttendanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAttendanceSettings,
    onSuccess: (settings) => queryClient.setQueryData(attendanceKeys.settings(), settings),
  });
}

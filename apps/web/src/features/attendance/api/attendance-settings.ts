import type { AttendanceSettings } from '@school/shared/attendance/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './keys';

export function getAttendanceSettings(): Promise<AttendanceSettings> {
  return api.get<AttendanceSettings>('/api/settings/attendance');
}

export const attendanceSettingsQueryOptions = () => queryOptions({ queryKey: attendanceKeys.settings(), queryFn: getAttendanceSettings });

export function useAttendanceSettings() {
  return useQuery(attendanceSettingsQueryOptions());
}

export function saveAttendanceSettings(input: AttendanceSettings): Promise<AttendanceSettings> {
  return api.put<AttendanceSettings>('/api/settings/attendance', input);
}

export function useSaveAttendanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAttendanceSettings,
    onSuccess: (settings) => queryClient.setQueryData(attendanceKeys.settings(), settings),
  });
}

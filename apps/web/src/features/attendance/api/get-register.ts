import type { Register } from '@school/shared/attendance/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './keys';

export function getRegister(classId: string, date: string): Promise<Register> {
  return api.get<Register>(`/api/attendance/register?classId=${encodeURIComponent(classId)}&date=${encodeURIComponent(date)}`);
}

export const registerQueryOptions = (classId: string, date: string) =>
  queryOptions({ queryKey: attendanceKeys.register(classId, date), queryFn: () => getRegister(classId, date), retry: false });

export function useRegister(classId: string, date: string) {
  return useQuery({ ...registerQueryOptions(classId, date), enabled: Boolean(classId && date) });
}

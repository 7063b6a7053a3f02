import type { RatesQuery } from '@school/shared/attendance/schemas';

/** Query keys of the attendance feature; saving a register refreshes everything under `all`. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  options: () => [...attendanceKeys.all, 'options'] as const,
  register: (classId: string, date: string) => [...attendanceKeys.all, 'register', classId, date] as const,
  overview: () => [...attendanceKeys.all, 'teacher-overview'] as const,
  rates: (query: Partial<RatesQuery>) => [...attendanceKeys.all, 'rates', query] as const,
  student: (studentId: string, month: string | null) => [...attendanceKeys.all, 'student', studentId, month] as const,
  settings: () => [...attendanceKeys.all, 'settings'] as const,
};

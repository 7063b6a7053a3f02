import type { StudentClassOption, StudentClassOptions } from '@school/shared/students/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentKeys } from './keys';

/** The classes the caller may filter the students list by (a teacher: their own). */
export async function getStudentClasses(): Promise<StudentClassOption[]> {
  const { items } = await api.get<StudentClassOptions>('/api/students/classes');
  return items;
}

export const studentClassesQueryOptions = () => queryOptions({ queryKey: studentKeys.classes(), queryFn: getStudentClasses });

export function useStudentClasses() {
  return useQuery(studentClassesQueryOptions());
}

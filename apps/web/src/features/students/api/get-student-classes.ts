import type { StudentClassOption } from '@school/shared/students/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentKeys } from './keys';

/** The classes the caller may filter the students list by (a teacher: their own). */
export async function getStudentClasses(): Promise<StudentClassOption[]> {
  const { items } = await api.get<{ items: StudentClassOption[] }>('/api/students/classes');
  return items;
}

export const studentClassesQueryOptions = () => queryOptions({ queryKey: studentKeys.classes(), queryFn: getStudentClasses });

export function useStudentClasses() {
  return useQuery(studentClassesQueryOptions());
}

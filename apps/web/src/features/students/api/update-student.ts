import type { StudentDetail, StudentProfile } from '@school/shared/students/responses';
import type { StudentDetailsValues, StudentOwnProfileValues } from '@school/shared/students/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentKeys } from './keys';

export async function updateStudent({ id, values }: { id: string; values: StudentDetailsValues }): Promise<StudentDetail> {
  const { student } = await api.put<StudentProfile>(`/api/students/${encodeURIComponent(id)}`, values);
  return student;
}

export async function updateOwnProfile({ id, values }: { id: string; values: StudentOwnProfileValues }): Promise<StudentDetail> {
  const { student } = await api.put<StudentProfile>(`/api/me/students/${encodeURIComponent(id)}/profile`, values);
  return student;
}

export function useUpdateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudent,
    onSuccess: async (student) => {
      queryClient.setQueryData(studentKeys.detail(student.id), student);
      await queryClient.invalidateQueries({ queryKey: studentKeys.all });
    },
  });
}

export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnProfile,
    onSuccess: async (student) => {
      queryClient.setQueryData(studentKeys.own(student.id), student);
      await queryClient.invalidateQueries({ queryKey: studentKeys.all });
    },
  });
}

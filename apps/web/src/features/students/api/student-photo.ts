import type { StudentDetail, StudentProfile } from '@school/shared/students/responses';
import { STUDENT_PHOTO_UPLOAD } from '@school/shared/students/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentKeys } from './keys';

const photoPath = (id: string) => `/api/students/${encodeURIComponent(id)}/photo`;

/** Uploads the student's passport photo (multipart `photo`), replacing the one on file. */
export async function uploadStudentPhoto({ id, file }: { id: string; file: File }): Promise<StudentDetail> {
  const form = new FormData();
  form.append(STUDENT_PHOTO_UPLOAD.field, file);
  const { student } = await api.put<StudentProfile>(photoPath(id), form);
  return student;
}

export async function removeStudentPhoto({ id }: { id: string }): Promise<StudentDetail> {
  const { student } = await api.delete<StudentProfile>(photoPath(id));
  return student;
}

function usePhotoMutation<T>(mutationFn: (input: T) => Promise<StudentDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (student) => {
      queryClient.setQueryData(studentKeys.detail(student.id), student);
      await queryClient.invalidateQueries({ queryKey: studentKeys.all });
    },
  });
}

export const useUploadStudentPhoto = () => usePhotoMutation(uploadStudentPhoto);
export const useRemoveStudentPhoto = () => usePhotoMutation(removeStudentPhoto);

import type { SubjectAssignmentResponse, SubjectResponse } from '@school/shared/academics/responses';
import type { AssignSubjectInput, ChangeSubjectTeacherInput, SubjectInput } from '@school/shared/academics/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

const enc = encodeURIComponent;

export function createSubject(input: SubjectInput): Promise<SubjectResponse> {
  return api.post<SubjectResponse>('/api/academics/subjects', input);
}

export function updateSubject({ id, ...input }: SubjectInput & { id: string }): Promise<SubjectResponse> {
  return api.put<SubjectResponse>(`/api/academics/subjects/${enc(id)}`, input);
}

export function deleteSubject(id: string): Promise<void> {
  return api.delete<void>(`/api/academics/subjects/${enc(id)}`);
}

export function assignSubject({ subjectId, ...input }: AssignSubjectInput & { subjectId: string }): Promise<SubjectResponse> {
  return api.post<SubjectResponse>(`/api/academics/subjects/${enc(subjectId)}/classes`, input);
}

export function changeSubjectTeacher({ id, ...input }: ChangeSubjectTeacherInput & { id: string }): Promise<SubjectAssignmentResponse> {
  return api.patch<SubjectAssignmentResponse>(`/api/academics/class-subjects/${enc(id)}`, input);
}

export function removeClassSubject(id: string): Promise<void> {
  return api.delete<void>(`/api/academics/class-subjects/${enc(id)}`);
}

/** Subjects show in the subject list, in the class list's subject column and in students' subjects. */
function useAcademicsMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: academicsKeys.all }) });
}

export const useCreateSubject = () => useAcademicsMutation(createSubject);
export const useUpdateSubject = () => useAcademicsMutation(updateSubject);
export const useDeleteSubject = () => useAcademicsMutation(deleteSubject);
export const useAssignSubject = () => useAcademicsMutation(assignSubject);
export const useChangeSubjectTeacher = () => useAcademicsMutation(changeSubjectTeacher);
export const useRemoveClassSubject = () => useAcademicsMutation(removeClassSubject);

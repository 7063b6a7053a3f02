import type { ClassDetailResponse } from '@school/shared/academics/responses';
import type { ClassInput } from '@school/shared/academics/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

export function createClass(input: ClassInput): Promise<ClassDetailResponse> {
  return api.post<ClassDetailResponse>('/api/academics/classes', input);
}

export function updateClass({ id, ...input }: ClassInput & { id: string }): Promise<ClassDetailResponse> {
  return api.put<ClassDetailResponse>(`/api/academics/classes/${encodeURIComponent(id)}`, input);
}

export function deleteClass(id: string): Promise<void> {
  return api.delete<void>(`/api/academics/classes/${encodeURIComponent(id)}`);
}

/** Classes show in the class list, in the subject list (who takes what) and in students' subjects. */
function useInvalidateAcademics() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: academicsKeys.all });
}

export function useCreateClass() {
  const invalidate = useInvalidateAcademics();
  return useMutation({ mutationFn: createClass, onSuccess: invalidate });
}

export function useUpdateClass() {
  const invalidate = useInvalidateAcademics();
  return useMutation({ mutationFn: updateClass, onSuccess: invalidate });
}

export function useDeleteClass() {
  const invalidate = useInvalidateAcademics();
  return useMutation({ mutationFn: deleteClass, onSuccess: invalidate });
}

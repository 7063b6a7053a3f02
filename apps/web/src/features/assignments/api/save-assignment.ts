import type { Assignment } from '@school/shared/assignments/responses';
import type { AssignmentFormInput } from '@school/shared/assignments/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

export function saveAssignment({ id, values }: { id?: string; values: AssignmentFormInput }): Promise<Assignment> {
  return id ? api.put<Assignment>(`/api/assignments/${encodeURIComponent(id)}`, values) : api.post<Assignment>('/api/assignments', values);
}

export function useSaveAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAssignment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

export function deleteAssignment(id: string): Promise<void> {
  return api.delete<void>(`/api/assignments/${encodeURIComponent(id)}`);
}

export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

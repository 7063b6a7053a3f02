import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lessonNoteKeys } from './keys';

export function deleteLessonNote(id: string): Promise<void> {
  return api.delete<void>(`/api/lesson-notes/${encodeURIComponent(id)}`);
}

export function useDeleteLessonNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLessonNote,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: lessonNoteKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: lessonNoteKeys.lists() });
    },
  });
}

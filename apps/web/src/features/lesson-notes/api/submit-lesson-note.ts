import type { LessonNoteDetail } from '@school/shared/lesson-notes/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lessonNoteKeys } from './keys';

export function submitLessonNote(id: string): Promise<LessonNoteDetail> {
  return api.post<LessonNoteDetail>(`/api/lesson-notes/${encodeURIComponent(id)}/submit`);
}

export function useSubmitLessonNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitLessonNote,
    onSuccess: async (note) => {
      queryClient.setQueryData(lessonNoteKeys.detail(note.id), note);
      await queryClient.invalidateQueries({ queryKey: lessonNoteKeys.lists() });
    },
  });
}

import type { LessonNoteDetail } from '@school/shared/lesson-notes/responses';
import type { ReviewLessonNoteInput } from '@school/shared/lesson-notes/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lessonNoteKeys } from './keys';

export function reviewLessonNote(id: string, input: ReviewLessonNoteInput): Promise<LessonNoteDetail> {
  return api.post<LessonNoteDetail>(`/api/lesson-notes/${encodeURIComponent(id)}/review`, input);
}

export function useReviewLessonNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewLessonNoteInput) => reviewLessonNote(id, input),
    onSuccess: async (note) => {
      queryClient.setQueryData(lessonNoteKeys.detail(note.id), note);
      await queryClient.invalidateQueries({ queryKey: lessonNoteKeys.lists() });
    },
  });
}

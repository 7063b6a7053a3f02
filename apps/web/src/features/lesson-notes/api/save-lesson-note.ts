import type { LessonNoteDetail } from '@school/shared/lesson-notes/responses';
import type { LessonNoteInput } from '@school/shared/lesson-notes/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lessonNoteKeys } from './keys';
import { api } from '@/lib/api-client';

export interface SaveLessonNoteInput {
  /** Absent for a new note. */
  id?: string;
  values: LessonNoteInput;
  /** A new PDF or DOCX to attach (replacing any). */
  attachment?: File | null;
  removeAttachment?: boolean;
}

export function saveLessonNote({ id, values, attachment, removeAttachment }: SaveLessonNoteInput): Promise<LessonNoteDetail> {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, String(value));
  if (removeAttachment) form.append('removeAttachment', 'true');
  if (attachment) form.append('attachment', attachment, attachment.name);
  return id ? api.put<LessonNoteDetail>(`/api/lesson-notes/${encodeURIComponent(id)}`, form) : api.post<LessonNoteDetail>('/api/lesson-notes', form);
}

export function useSaveLessonNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLessonNote,
    onSuccess: async (note) => {
      queryClient.setQueryData(lessonNoteKeys.detail(note.id), note);
      await queryClient.invalidateQueries({ queryKey: lessonNoteKeys.lists() });
    },
  });
}

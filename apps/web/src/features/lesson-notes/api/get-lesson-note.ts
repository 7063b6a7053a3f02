import type { LessonNoteDetail } from '@school/shared/lesson-notes/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lessonNoteKeys } from './keys';

export function getLessonNote(id: string): Promise<LessonNoteDetail> {
  return api.get<LessonNoteDetail>(`/api/lesson-notes/${encodeURIComponent(id)}`);
}

export const lessonNoteQueryOptions = (id: string) => queryOptions({ queryKey: lessonNoteKeys.detail(id), queryFn: () => getLessonNote(id) });

export function useLessonNote(id: string | null) {
  return useQuery({ ...lessonNoteQueryOptions(id ?? ''), enabled: Boolean(id) });
}

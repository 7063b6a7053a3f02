import type { LessonNoteList } from '@school/shared/lesson-notes/responses';
import type { LessonNoteListQuery } from '@school/shared/lesson-notes/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lessonNoteKeys } from './keys';

export function getLessonNotes(query: LessonNoteListQuery): Promise<LessonNoteList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return api.get<LessonNoteList>(`/api/lesson-notes${search ? `?${search}` : ''}`);
}

export const lessonNotesQueryOptions = (query: LessonNoteListQuery) =>
  queryOptions({ queryKey: lessonNoteKeys.list(query), queryFn: () => getLessonNotes(query), placeholderData: keepPreviousData });

export function useLessonNotes(query: LessonNoteListQuery) {
  return useQuery(lessonNotesQueryOptions(query));
}

import type { LessonNoteListQuery } from '@school/shared/lesson-notes/schemas';

/** Query keys of the lesson-notes feature; any write refreshes everything under `all`. */
export const lessonNoteKeys = {
  all: ['lesson-notes'] as const,
  lists: () => [...lessonNoteKeys.all, 'list'] as const,
  list: (query: LessonNoteListQuery) => [...lessonNoteKeys.lists(), query] as const,
  detail: (id: string) => [...lessonNoteKeys.all, 'detail', id] as const,
  options: () => [...lessonNoteKeys.all, 'options'] as const,
};

import type { LessonNoteOptions } from '@school/shared/lesson-notes/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lessonNoteKeys } from './keys';

export function getLessonNoteOptions(): Promise<LessonNoteOptions> {
  return api.get<LessonNoteOptions>('/api/lesson-notes/options');
}

export const lessonNoteOptionsQueryOptions = () => queryOptions({ queryKey: lessonNoteKeys.options(), queryFn: getLessonNoteOptions });

export function useLessonNoteOptions() {
  return useQuery(lessonNoteOptionsQueryOptions());
}

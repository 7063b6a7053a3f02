import type { StudentListQuery } from '@school/shared/students/schemas';

/** Query keys of the students feature; every write invalidates `studentKeys.all`. */
export const studentKeys = {
  all: ['students'] as const,
  lists: () => [...studentKeys.all, 'list'] as const,
  list: (query: StudentListQuery) => [...studentKeys.lists(), query] as const,
  classes: () => [...studentKeys.all, 'classes'] as const,
  detail: (id: string) => [...studentKeys.all, 'detail', id] as const,
  own: (id: string) => [...studentKeys.all, 'own', id] as const,
};

/** A query string without empty values. */
export function toSearchParams(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

import type { SchoolUsersQuery, StaffListQuery } from '@school/shared/staff/schemas';

/** Query keys of the staff feature; every write invalidates `staffKeys.all`. */
export const staffKeys = {
  all: ['staff'] as const,
  lists: () => [...staffKeys.all, 'list'] as const,
  list: (query: StaffListQuery) => [...staffKeys.lists(), query] as const,
  detail: (id: string) => [...staffKeys.all, 'detail', id] as const,
  users: (query: SchoolUsersQuery) => [...staffKeys.all, 'users', query] as const,
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

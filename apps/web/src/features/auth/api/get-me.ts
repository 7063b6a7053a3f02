import type { SessionUser } from '@school/shared/auth/responses';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { setSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { fetchBootstrap } from '@/lib/bootstrap';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

/**
 * The signed-in user, or null when nobody is signed in. Asks GET /api/bootstrap (preloaded by
 * index.html), which answers 200 either way, so a signed-out visit logs no error; the rest of that
 * answer (sessions, permissions, unread notices) goes into the query cache on the way.
 */
export async function getMe(client: QueryClient): Promise<SessionUser | null> {
  const { user } = await fetchBootstrap(client);
  // The server keeps the user's session choice; requests use the copy in storage.
  if (user?.selectedAcademicSessionId) setSelectedAcademicSessionId(user.selectedAcademicSessionId);
  return user;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: AUTH_ME_QUERY_KEY,
    queryFn: ({ client }) => getMe(client),
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

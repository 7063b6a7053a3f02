import type { CurrentUserResponse, SessionUser } from '@school/shared/auth/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { setSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { api } from '@/lib/api-client';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

/**
 * The signed-in user, or null when nobody is signed in. Asks GET /api/auth/session, which answers
 * 200 either way, so a signed-out visit logs no error.
 */
export async function getMe(): Promise<SessionUser | null> {
  const { user } = await api.get<CurrentUserResponse>('/api/auth/session');
  // The server keeps the user's session choice; requests use the copy in storage.
  if (user?.selectedAcademicSessionId) setSelectedAcademicSessionId(user.selectedAcademicSessionId);
  return user;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: AUTH_ME_QUERY_KEY,
    queryFn: getMe,
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

import type { SessionUser, SignedInResponse } from '@school/shared/auth/responses';
import type { LoginInput } from '@school/shared/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { api } from '@/lib/api-client';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';
import { meQueryOptions } from './get-me';

export async function login(input: LoginInput): Promise<SessionUser> {
  const { user } = await api.post<SignedInResponse>('/api/auth/login', input);
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      // Nothing cached for a previous user may show to this one.
      queryClient.clear();
      setSelectedAcademicSessionId(user.selectedAcademicSessionId);
      queryClient.setQueryData(AUTH_ME_QUERY_KEY, user);
      // What every page needs (sessions, permissions, unread notices) in one answer, before the first
      // page asks for each on its own; never throws (the user is known either way).
      await queryClient.prefetchQuery({ ...meQueryOptions(), staleTime: 0 });
    },
  });
}

import type { SessionUser, SignedInResponse } from '@school/shared/auth/responses';
import type { SchoolRegistrationInput } from '@school/shared/schools/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { api } from '@/lib/api-client';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

/** POST /api/auth/school-register: the organisation, its first school and the owner, signed in. */
export async function registerSchool(input: SchoolRegistrationInput): Promise<SessionUser> {
  const { user } = await api.post<SignedInResponse>('/api/auth/school-register', input);
  return user;
}

export function useRegisterSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerSchool,
    onSuccess: (user) => {
      // the new owner is signed in: nothing cached for anyone before may show
      queryClient.clear();
      setSelectedAcademicSessionId(user.selectedAcademicSessionId);
      queryClient.setQueryData(AUTH_ME_QUERY_KEY, user);
    },
  });
}

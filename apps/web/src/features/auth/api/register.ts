import type { RegisterInput } from '@school/shared/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { api } from '@/lib/api-client';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';
import type { SessionUser } from '@/types/api';

/** Creates the account an invitation code was sent for; the server may sign the person in. */
export async function register(input: RegisterInput): Promise<SessionUser | null> {
  const body = await api.post<{ user?: SessionUser } | undefined>('/api/auth/register', input);
  return body?.user ?? null;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      if (!user) return;
      queryClient.clear();
      setSelectedAcademicSessionId(user.selectedAcademicSessionId);
      queryClient.setQueryData(AUTH_ME_QUERY_KEY, user);
    },
  });
}

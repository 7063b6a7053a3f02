import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { api, isApiError } from '@/lib/api-client';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

export async function logout(): Promise<void> {
  try {
    await api.post<void>('/api/auth/logout');
  } catch (error) {
    // Already signed out on the server (expired session): the goal is reached.
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
}

/** Ends the session on the server, then forgets everything cached in this browser. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      setSelectedAcademicSessionId(null);
      queryClient.setQueryData(AUTH_ME_QUERY_KEY, null);
    },
  });
}

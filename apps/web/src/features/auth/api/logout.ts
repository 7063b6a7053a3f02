import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { api, isApiError } from '@/lib/api-client';
import { clearOfflineData } from '@/lib/offline';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

export async function logout(): Promise<void> {
  try {
    await api.post<void>('/api/auth/logout');
  } catch (error) {
    // Already signed out on the server (expired session): the goal is reached.
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
}

/**
 * Ends the session on the server, then forgets everything cached in this browser: the query cache,
 * and what was kept for offline (changes waiting, the kept answers of the service worker).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await logout();
      await clearOfflineData();
    },
    onSuccess: () => {
      queryClient.clear();
      setSelectedAcademicSessionId(null);
      queryClient.setQueryData(AUTH_ME_QUERY_KEY, null);
    },
  });
}

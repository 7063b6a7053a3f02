import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { api } from '@/lib/api-client';

export function selectAcademicSession(academicSessionId: string): Promise<void> {
  return api.put<void>('/api/me/academic-session', { academicSessionId });
}

/** Switches the session every view shows: remembered by the server and here, then all data refetched. */
export function useSelectAcademicSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectAcademicSession,
    onSuccess: async (_result, academicSessionId) => {
      setSelectedAcademicSessionId(academicSessionId);
      await queryClient.invalidateQueries();
    },
  });
}

import type { RunSchoolAnswer } from '@school/shared/organisations/responses';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { api } from '@/lib/api-client';
import { fetchBootstrap } from '@/lib/bootstrap';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

/**
 * ADR 0038: an owner runs one of the organisation's schools as its administrator in this session,
 * and comes back. Everything cached belongs to the other account (another school's lists, the
 * owner's figures), so it is forgotten, the signed-in user asked again, and only then the page changes.
 */
async function startOver(queryClient: QueryClient) {
  queryClient.clear();
  setSelectedAcademicSessionId(null);
  const { user } = await fetchBootstrap(queryClient);
  queryClient.setQueryData(AUTH_ME_QUERY_KEY, user);
}

export function runSchool(schoolId: string): Promise<RunSchoolAnswer> {
  return api.post<RunSchoolAnswer>(`/api/organisation/schools/${schoolId}/run`);
}

/** Runs a school and opens `to` (the administrator's dashboard by default). */
export function useRunSchool() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ schoolId }: { schoolId: string; to?: string }) => runSchool(schoolId),
    onSuccess: async (_answer, { to }) => {
      await startOver(queryClient);
      await navigate(to ?? '/admin/dashboard');
    },
  });
}

/** Back to the owner's own account, on the schools page. */
export function useLeaveSchool() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<void>('/api/organisation/leave-school'),
    onSuccess: async () => {
      await startOver(queryClient);
      await navigate('/super-admin/schools');
    },
  });
}

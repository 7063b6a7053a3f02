import type { SessionResponse } from '@school/shared/academics/responses';
import type { CreateSessionInput, SetCurrentTermInput, UpdateSessionInput, UpdateTermsInput } from '@school/shared/academics/schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolQuery } from './get-session-settings';
import { academicsKeys, ACADEMIC_SESSIONS_KEY } from './keys';

const base = '/api/settings/academic-sessions';

export function createSession({ schoolId, ...input }: CreateSessionInput & { schoolId: string | null }): Promise<SessionResponse> {
  return api.post<SessionResponse>(`${base}${schoolQuery(schoolId)}`, input);
}

export function updateSessionStatus({ schoolId, id, ...input }: UpdateSessionInput & { id: string; schoolId: string | null }): Promise<SessionResponse> {
  return api.patch<SessionResponse>(`${base}/${id}${schoolQuery(schoolId)}`, input);
}

export function updateTerms({ schoolId, id, ...input }: UpdateTermsInput & { id: string; schoolId: string | null }): Promise<SessionResponse> {
  return api.put<SessionResponse>(`${base}/${id}/terms${schoolQuery(schoolId)}`, input);
}

export function setCurrentTerm({ schoolId, id, ...input }: SetCurrentTermInput & { id: string; schoolId: string | null }): Promise<SessionResponse> {
  return api.put<SessionResponse>(`${base}/${id}/current-term${schoolQuery(schoolId)}`, input);
}

/**
 * After any change to sessions: the settings list and the top bar's session dropdown (same key
 * prefix), and every academics view, whose default session may just have changed.
 */
async function refresh(queryClient: QueryClient) {
  await Promise.all([queryClient.invalidateQueries({ queryKey: ACADEMIC_SESSIONS_KEY }), queryClient.invalidateQueries({ queryKey: academicsKeys.all })]);
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSession, onSuccess: () => refresh(queryClient) });
}

export function useUpdateSessionStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSessionStatus, onSuccess: () => refresh(queryClient) });
}

export function useUpdateTerms() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTerms, onSuccess: () => refresh(queryClient) });
}

export function useSetCurrentTerm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCurrentTerm, onSuccess: () => refresh(queryClient) });
}

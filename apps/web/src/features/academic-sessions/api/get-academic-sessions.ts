import type { AcademicSessionListResponse, SessionResponse } from '@school/shared/academics/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { api } from '@/lib/api-client';

export function getAcademicSessions(): Promise<AcademicSessionListResponse> {
  return api.get<AcademicSessionListResponse>('/api/academic-sessions');
}

export const academicSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['academic-sessions'],
    queryFn: getAcademicSessions,
  });

export function useAcademicSessions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...academicSessionsQueryOptions(), enabled: options.enabled ?? true });
}

/** The session the views show: the one chosen in this browser, else the server's choice, else the Active one. */
export function currentAcademicSession(list: AcademicSessionListResponse | undefined): SessionResponse | undefined {
  if (!list) return undefined;
  const wanted = getSelectedAcademicSessionId() ?? list.selectedId;
  return list.items.find((session) => session.id === wanted) ?? list.items.find((session) => session.status === 'Active') ?? list.items[0];
}

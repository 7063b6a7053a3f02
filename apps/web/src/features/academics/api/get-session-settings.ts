import type { SessionSettingsResponse } from '@school/shared/academics/responses';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

/** `?schoolId=` for a super administrator's chosen school; an administrator's own school without it. */
export function schoolQuery(schoolId: string | null): string {
  return schoolId ? `?schoolId=${encodeURIComponent(schoolId)}` : '';
}

export function getSessionSettings(schoolId: string | null): Promise<SessionSettingsResponse> {
  return api.get<SessionSettingsResponse>(`/api/settings/academic-sessions${schoolQuery(schoolId)}`);
}

export const sessionSettingsQueryOptions = (schoolId: string | null) =>
  queryOptions({ queryKey: academicsKeys.sessionSettings(schoolId), queryFn: () => getSessionSettings(schoolId) });

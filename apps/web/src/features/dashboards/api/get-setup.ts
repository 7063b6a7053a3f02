import type { SetupChecklist } from '@school/shared/dashboards/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './get-dashboards';

/** A school's set-up checklist: the administrator's own school (null), or the school an owner names. */
export const getSetupChecklist = (schoolId: string | null) =>
  api.get<SetupChecklist>(`/api/dashboard/setup${schoolId ? `?schoolId=${encodeURIComponent(schoolId)}` : ''}`);

/** Asked again each time a dashboard shows it: the steps are done on other screens, whose writes do not reach this key. */
export const setupChecklistQueryOptions = (schoolId: string | null) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'setup', schoolId ?? 'own'] as const,
    queryFn: () => getSetupChecklist(schoolId),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useSetupChecklist = (schoolId: string | null) => useQuery(setupChecklistQueryOptions(schoolId));

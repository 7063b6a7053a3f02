import type { OrganisationSchool, SchoolAdministrator, SchoolStatusAnswer } from '@school/shared/organisations/responses';
import type { AddSchoolInput, NewAdministratorInput, SchoolStatus } from '@school/shared/organisations/schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './keys';

/** Schools, the dashboard's figures and the users list all change with a school's people. */
function invalidateSchools(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: organisationKeys.schools() }),
    queryClient.invalidateQueries({ queryKey: organisationKeys.overview() }),
    queryClient.invalidateQueries({ queryKey: organisationKeys.usersAll() }),
  ]);
}

export function addSchool(input: AddSchoolInput): Promise<OrganisationSchool> {
  return api.post<OrganisationSchool>('/api/organisation/schools', input);
}

export function useAddSchool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSchool, onSuccess: () => invalidateSchools(queryClient) });
}

export function setSchoolStatus({ schoolId, status }: { schoolId: string; status: SchoolStatus }) {
  return api.put<SchoolStatusAnswer>(`/api/organisation/schools/${schoolId}/status`, { status });
}

export function useSetSchoolStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setSchoolStatus, onSuccess: () => invalidateSchools(queryClient) });
}

export function appointNewAdministrator({ schoolId, ...input }: NewAdministratorInput & { schoolId: string }) {
  return api.post<SchoolAdministrator>(`/api/organisation/schools/${schoolId}/administrators`, input);
}

export function useAppointNewAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: appointNewAdministrator, onSuccess: () => invalidateSchools(queryClient) });
}

export function appointExistingAdministrator({ schoolId, userId, replacesUserId }: { schoolId: string; userId: string; replacesUserId?: string }) {
  return api.put<SchoolAdministrator>(`/api/organisation/schools/${schoolId}/administrators/${userId}`, { replacesUserId });
}

export function useAppointExistingAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: appointExistingAdministrator, onSuccess: () => invalidateSchools(queryClient) });
}

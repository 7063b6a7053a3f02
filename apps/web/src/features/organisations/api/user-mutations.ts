import type { MessageResponse } from '@school/shared/auth/responses';
import type { OrganisationUser } from '@school/shared/organisations/responses';
import type { OrganisationUserFormValues } from '@school/shared/organisations/schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './keys';

function invalidateUsers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: organisationKeys.usersAll() }),
    queryClient.invalidateQueries({ queryKey: organisationKeys.schools() }),
    queryClient.invalidateQueries({ queryKey: organisationKeys.overview() }),
  ]);
}

export function createUser(input: OrganisationUserFormValues): Promise<OrganisationUser> {
  return api.post<OrganisationUser>('/api/organisation/users', input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => invalidateUsers(queryClient) });
}

export function setUserStatus({ userId, status }: { userId: string; status: 'active' | 'disabled' }): Promise<OrganisationUser> {
  return api.put<OrganisationUser>(`/api/organisation/users/${userId}/status`, { status });
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserStatus, onSuccess: () => invalidateUsers(queryClient) });
}

export function resendInvitation(userId: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/organisation/users/${userId}/invitation`);
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}

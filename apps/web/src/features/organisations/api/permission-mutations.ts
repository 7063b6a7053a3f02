import type { PermissionMatrix } from '@school/shared/auth/permissions';
import type { CustomRole, PermissionSettings } from '@school/shared/organisations/responses';
import type { NewRoleInput } from '@school/shared/organisations/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './keys';

export function updatePermissions(matrix: PermissionMatrix): Promise<PermissionSettings> {
  return api.put<PermissionSettings>('/api/organisation/permissions', { matrix });
}

export function useUpdatePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePermissions,
    onSuccess: (settings) => {
      queryClient.setQueryData(organisationKeys.permissions(), settings);
      // the signed-in user's own row may have changed: the sidebar follows
      return queryClient.invalidateQueries({ queryKey: organisationKeys.myPermissions() });
    },
  });
}

export function addRole(input: NewRoleInput): Promise<CustomRole> {
  return api.post<CustomRole>('/api/organisation/roles', input);
}

export function useAddRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.permissions() }) });
}

export function deleteRole(roleId: string): Promise<void> {
  return api.delete<void>(`/api/organisation/roles/${roleId}`);
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.permissions() }) });
}

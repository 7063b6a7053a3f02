import type { SecuritySettings } from '@school/shared/organisations/responses';
import type { SecuritySettingsInput } from '@school/shared/organisations/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './keys';

export function getSecuritySettings(): Promise<SecuritySettings> {
  return api.get<SecuritySettings>('/api/organisation/security-settings');
}

export const securitySettingsQueryOptions = () => queryOptions({ queryKey: organisationKeys.securitySettings(), queryFn: getSecuritySettings });

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}

export function updateSecuritySettings(input: SecuritySettingsInput): Promise<SecuritySettings> {
  return api.put<SecuritySettings>('/api/organisation/security-settings', input);
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: (settings) => queryClient.setQueryData(organisationKeys.securitySettings(), settings),
  });
}

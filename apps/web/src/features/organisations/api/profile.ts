import type { Profile } from '@school/shared/organisations/responses';
import type { UpdateProfileInput } from '@school/shared/organisations/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';
import { organisationKeys } from './keys';

export function getProfile(): Promise<Profile> {
  return api.get<Profile>('/api/me/profile');
}

export const profileQueryOptions = () => queryOptions({ queryKey: organisationKeys.profile(), queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return api.put<Profile>('/api/me/profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(organisationKeys.profile(), profile);
      // the top bar's name and email come from the signed-in user
      return queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
    },
  });
}

import type { MessagingSettings } from '@school/shared/messaging/responses';
import type { MessagingSettingsInput } from '@school/shared/messaging/schemas';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useQueryForEditing } from '@/lib/query-for-editing';
import { messagingKeys } from './keys';

export const messagingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.settings(),
    queryFn: () => api.get<MessagingSettings>('/api/messaging/settings'),
  });

/**
 * GET /api/messaging/settings (the owner's for the organisation, an administrator's for their school),
 * fetched again whenever the form opens: its save replaces every field.
 */
export function useMessagingSettingsForEditing() {
  return useQueryForEditing(messagingSettingsQueryOptions());
}

export function useSaveMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessagingSettingsInput) => api.put<MessagingSettings>('/api/messaging/settings', input),
    onSuccess: (saved) => queryClient.setQueryData(messagingKeys.settings(), saved),
  });
}

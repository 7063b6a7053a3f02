import type { OwnChannels } from '@school/shared/messaging/responses';
import type { OwnChannelsInput } from '@school/shared/messaging/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

export const ownChannelsQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.ownChannels(),
    queryFn: () => api.get<OwnChannels>('/api/me/message-channels'),
  });

/** GET /api/me/message-channels: a parent's numbers held by the school, and whether each channel reaches them. */
export function useOwnChannels() {
  return useQuery(ownChannelsQueryOptions());
}

export function useSaveOwnChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OwnChannelsInput) => api.put<OwnChannels>('/api/me/message-channels', input),
    onSuccess: (saved) => queryClient.setQueryData(messagingKeys.ownChannels(), saved),
  });
}

import type { MessagingBalance } from '@school/shared/messaging/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.balance(),
    queryFn: () => api.get<MessagingBalance>('/api/messaging/balance'),
    // asked of Termii each time: once a minute is plenty
    staleTime: 60_000,
    retry: false,
  });

/** GET /api/messaging/balance: what is left on the Termii account the school's messages go through. */
export function useMessagingBalance() {
  return useQuery(balanceQueryOptions());
}

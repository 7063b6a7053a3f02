import type { MessagePage } from '@school/shared/messaging/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys, type MessagesQuery } from './keys';

/** How often the log asks again while a message it shows is still waiting to be sent. */
export const QUEUED_REFRESH_MS = 5_000;

export function getMessages(query: MessagesQuery): Promise<MessagePage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return api.get<MessagePage>(`/api/messages?${params.toString()}`);
}

export const messagesQueryOptions = (query: MessagesQuery) =>
  queryOptions({
    queryKey: messagingKeys.messageList(query),
    queryFn: () => getMessages(query),
    placeholderData: keepPreviousData,
    // the worker sends within seconds: follow a queued message until it is sent, failed or kept
    refetchInterval: (q) => (q.state.data?.items.some((m) => m.status === 'queued') ? QUEUED_REFRESH_MS : false),
  });

/** GET /api/messages: one page of the school's messages, newest first, and this term's figures. */
export function useMessages(query: MessagesQuery) {
  return useQuery(messagesQueryOptions(query));
}

import type { MessageChannel, MessageEvent, MessageStatus } from '@school/shared/messaging/types';

/** One page of the log, with its filters (GET /api/messages). */
export interface MessagesQuery {
  page: number;
  pageSize: number;
  status?: MessageStatus;
  channel?: MessageChannel;
  event?: MessageEvent;
  /** one bulk send's messages only (a publication, a notice by SMS) */
  batchId?: string;
}

export const messagingKeys = {
  all: ['messaging'] as const,
  settings: () => [...messagingKeys.all, 'settings'] as const,
  messages: () => [...messagingKeys.all, 'messages'] as const,
  messageList: (query: MessagesQuery) => [...messagingKeys.messages(), query] as const,
  ownChannels: () => [...messagingKeys.all, 'own-channels'] as const,
  balance: () => [...messagingKeys.all, 'balance'] as const,
};

import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_EVENTS, MESSAGE_STATUSES } from './types';

const eventChannels = z.object(
  Object.fromEntries(MESSAGE_EVENTS.map((e) => [e, z.array(z.enum(MESSAGE_CHANNELS))])) as Record<
    (typeof MESSAGE_EVENTS)[number],
    z.ZodArray<z.ZodEnum<{ sms: 'sms'; whatsapp: 'whatsapp' }>>
  >,
);

/** GET /api/messaging/settings: the key masked, never in full. */
export const messagingSettingsResponse = z.object({
  scope: z.enum(['organisation', 'school']),
  provider: z.literal('termii'),
  /** this scope's own key, masked (null: none of its own) */
  apiKey: z.string().nullable(),
  senderId: z.string().nullable(),
  /** this scope's own choices (null: inherited) */
  eventChannels: eventChannels.nullable(),
  /** what applies: for a school, its own choices or else the organisation's */
  effective: z.object({
    apiKey: z.string().nullable(),
    keyFrom: z.enum(['school', 'organisation']).nullable(),
    senderId: z.string().nullable(),
    eventChannels,
  }),
  /** a school's: the organisation's key (masked) and sender ID, which its empty fields take (null for the organisation) */
  inherited: z.object({ apiKey: z.string().nullable(), senderId: z.string().nullable() }).nullable(),
  /** the organisation's delivery-report address, to set as the webhook URL in Termii's console */
  deliveryReportUrl: z.string(),
});
export type MessagingSettings = z.infer<typeof messagingSettingsResponse>;

export const messageResponse = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  event: z.enum(MESSAGE_EVENTS),
  to: z.string(),
  recipientName: z.string().nullable(),
  body: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number(),
  units: z.number(),
  error: z.string().nullable(),
  route: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type MessageItem = z.infer<typeof messageResponse>;

export const messagePageResponse = z.object({
  items: z.array(messageResponse),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** this term's figures (the school's current term; all time when it has none) */
  summary: z.object({
    since: z.string().nullable(),
    units: z.number(),
    byStatus: z.record(z.enum(MESSAGE_STATUSES), z.number()),
  }),
});
export type MessagePage = z.infer<typeof messagePageResponse>;

export const ownChannelsResponse = z.object({
  /** the numbers the school holds for this parent (+234…) */
  phones: z.array(z.string()),
  sms: z.boolean(),
  whatsapp: z.boolean(),
});
export type OwnChannels = z.infer<typeof ownChannelsResponse>;

/** POST /api/messaging/termii/…: a delivery report acknowledged (changed: whether a message's status changed) */
export const deliveryReportReceivedResponse = z.object({ received: z.literal(true), changed: z.boolean() });
export type DeliveryReportReceived = z.infer<typeof deliveryReportReceivedResponse>;

/**
 * The texts a bulk send made (publishing results, a notice also sent as SMS), named in the answer of
 * the action that started it so the page can follow them: `total` counts every message the send made,
 * queued, kept (no gateway) or failed at once. Absent when it made none.
 */
export const sentTextsResponse = z.object({ batchId: z.string(), total: z.number() });
export type SentTexts = z.infer<typeof sentTextsResponse>;

/** GET /api/messages/batches/:batchId: a bulk send's messages by status, over the schools the requester reaches. */
export const batchProgressResponse = z.object({
  batchId: z.string(),
  /** every message of the batch in the requester's schools */
  total: z.number(),
  byStatus: z.object({ queued: z.number(), sent: z.number(), delivered: z.number(), failed: z.number(), kept: z.number() }),
});
export type BatchProgress = z.infer<typeof batchProgressResponse>;

/** GET /api/messaging/balance: what is left on the Termii account the requester's messages go through. */
export const messagingBalanceResponse = z.object({
  /** false: no key is set up, so nothing is sent (messages are kept) */
  configured: z.boolean(),
  balance: z.number().nullable(),
  currency: z.string().nullable(),
  /** why the balance could not be read (a refused key, Termii not answering) */
  error: z.string().nullable(),
});
export type MessagingBalance = z.infer<typeof messagingBalanceResponse>;

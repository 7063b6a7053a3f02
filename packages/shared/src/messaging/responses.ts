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

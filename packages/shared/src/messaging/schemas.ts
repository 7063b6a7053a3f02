import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_EVENTS, MESSAGE_STATUSES, SENDER_ID, SENDER_ID_MESSAGE } from './types';

const channelList = z.array(z.enum(MESSAGE_CHANNELS, { error: 'Choose SMS or WhatsApp' }));

/** PUT /api/messaging/settings: an owner's for the organisation, an administrator's for their school. */
export const messagingSettingsSchema = z.object({
  /** A new key; left empty, the stored key is kept. */
  apiKey: z
    .string()
    .trim()
    .max(200, { error: 'API key is too long' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Forget the stored key (messages are then kept, not sent). */
  removeApiKey: z.boolean().default(false),
  /** Empty: the organisation's (for a school) or none. */
  senderId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || SENDER_ID.test(v), { error: SENDER_ID_MESSAGE }),
  /** null: the organisation's choices (for a school) or the defaults. */
  eventChannels: z
    .object(Object.fromEntries(MESSAGE_EVENTS.map((e) => [e, channelList])) as Record<(typeof MESSAGE_EVENTS)[number], typeof channelList>)
    .nullable()
    .default(null),
});
export type MessagingSettingsInput = z.input<typeof messagingSettingsSchema>;
export type MessagingSettingsValues = z.output<typeof messagingSettingsSchema>;

export const messageListQuerySchema = z.object({
  status: z
    .enum(MESSAGE_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  channel: z
    .enum(MESSAGE_CHANNELS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  event: z
    .enum(MESSAGE_EVENTS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  batchId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

/** PUT /api/me/message-channels: a parent's own number, by each channel. */
export const ownChannelsSchema = z.object({ sms: z.boolean(), whatsapp: z.boolean() });
export type OwnChannelsInput = z.infer<typeof ownChannelsSchema>;

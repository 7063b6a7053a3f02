/**
 * SMS and WhatsApp beside email (issue 20, ADR 0039): the organisation's gateway settings with each
 * school's override, the messages themselves (queued with their event, sent by a worker), and the
 * numbers that opted out of a channel.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { byUserId, nullableOrganisationId, organisationId, schoolId } from './schema-core';
import { inSchool } from './school-table';

/** The gateway's keys (sealed like the Paystack secret, ADR 0015) and which events go by which channels. */
const gatewaySettings = () => ({
  /** 'termii' (the only provider so far) */
  provider: text('provider').notNull().default('termii'),
  /** base64(iv).base64(tag).base64(ciphertext); null: no key (messages are kept, not sent) */
  apiKeyEncrypted: text('api_key_encrypted'),
  apiKeyLast4: text('api_key_last4'),
  senderId: text('sender_id'),
  /** { absence: ['sms'], results: ['sms', 'whatsapp'], … } (packages/shared/src/messaging/types.ts) */
  eventChannels: jsonb('event_channels'),
  updatedByUserId: byUserId('updated_by_user_id'),
  updatedAt: updatedAt(),
});

export const organisationMessagingSettings = pgTable('organisation_messaging_settings', {
  organisationId: organisationId().primaryKey(),
  ...gatewaySettings(),
});

/** A school's own choices; a null column takes the organisation's. */
export const schoolMessagingSettings = inSchool(
  pgTable(
    'school_messaging_settings',
    {
      schoolId: schoolId(),
      ...gatewaySettings(),
    },
    (t) => [primaryKey({ columns: [t.schoolId] })],
  ),
);

export const messages = inSchool(
  pgTable(
    'messages',
    {
      id: id(),
      schoolId: schoolId(),
      organisationId: nullableOrganisationId(),
      channel: text('channel').notNull(),
      event: text('event').notNull(),
      /** one message per event, recipient and channel however often the event fires */
      dedupeKey: text('dedupe_key').notNull(),
      /** +234… */
      to: text('to').notNull(),
      recipientName: text('recipient_name'),
      body: text('body').notNull(),
      status: text('status').notNull().default('queued'),
      attempts: integer('attempts').notNull().default(0),
      /** when the worker may (re)try; a claimed message is pushed on, so one lost in a crash is tried again */
      nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
      /** the gateway's route of the last attempt: generic, dnd or whatsapp */
      route: text('route'),
      providerMessageId: text('provider_message_id'),
      units: integer('units').notNull().default(0),
      error: text('error'),
      /** the messages of one bulk send (a results publication, a notice), for its progress */
      batchId: uuid('batch_id'),
      createdByUserId: byUserId('created_by_user_id'),
      createdAt: createdAt(),
      sentAt: timestamptz('sent_at'),
      deliveredAt: timestamptz('delivered_at'),
    },
    (t) => [
      uniqueIndex('messages_dedupe_unique').on(t.schoolId, t.channel, t.dedupeKey),
      index('messages_due_idx')
        .on(t.nextAttemptAt)
        .where(sql`${t.status} = 'queued'`),
      index('messages_school_created_idx').on(t.schoolId, t.createdAt),
      index('messages_provider_id_idx').on(t.providerMessageId),
      index('messages_batch_idx').on(t.schoolId, t.batchId),
      check('messages_status_check', sql`${t.status} in ('queued', 'sent', 'delivered', 'failed', 'kept')`),
      check('messages_channel_check', sql`${t.channel} in ('sms', 'whatsapp')`),
    ],
  ),
);

/** A number that asked for no more messages by a channel (a parent's choice, or STOP). */
export const messageOptOuts = inSchool(
  pgTable(
    'message_opt_outs',
    {
      schoolId: schoolId(),
      phone: text('phone').notNull(),
      channel: text('channel').notNull(),
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.phone, t.channel] })],
  ),
);

/**
 * Messages beside email (issue 20, ADR 0039): SMS and WhatsApp through a gateway (Termii first),
 * queued with the event that causes them and sent by a worker.
 */

export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const CHANNEL_LABELS: Record<MessageChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

/** What a message is about; each can go by email (as before) and by the channels a school chooses. */
export const MESSAGE_EVENTS = ['absence', 'results', 'feeReminder', 'receipt', 'invitation', 'passwordReset', 'notice'] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];
export const EVENT_LABELS: Record<MessageEvent, string> = {
  absence: 'Absence notice',
  results: 'Results published',
  feeReminder: 'Fee reminder',
  receipt: 'Payment receipt',
  invitation: 'Invitation code',
  passwordReset: 'Password reset link',
  notice: 'Noticeboard post',
};

/**
 * queued: waiting for the worker (again, after a failed attempt, at `nextAttemptAt`); sent: the
 * gateway took it; delivered: the gateway reported it on the phone; failed: given up, with the reason;
 * kept: no gateway keys, so it stays in the outbox and is printed in the log (as mail without SMTP).
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'kept'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  kept: 'Kept (no gateway)',
};

/** Which channels each event goes by, besides email. */
export type EventChannels = Record<MessageEvent, MessageChannel[]>;

/** A new organisation sends absence notices, results and receipts by SMS once it has a gateway; nothing else. */
export const DEFAULT_EVENT_CHANNELS: EventChannels = {
  absence: ['sms'],
  results: ['sms'],
  feeReminder: ['sms'],
  receipt: ['sms'],
  invitation: ['sms'],
  passwordReset: ['sms'],
  notice: ['sms'],
};

/** Termii's sender ID: 3 to 11 letters, digits or spaces. */
export const SENDER_ID = /^[A-Za-z0-9 ]{3,11}$/;
export const SENDER_ID_MESSAGE = 'Sender ID must be 3 to 11 letters or digits';

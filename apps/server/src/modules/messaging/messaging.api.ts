/**
 * What other modules use to send SMS and WhatsApp (ADR 0039): `queueMessages` inside the transaction
 * of the event that causes them (a crash loses none, a rolled-back event sends none), then
 * `app.messageWorker.kick()` after the commit so they go at once.
 */
import { normaliseNigerianMobile } from '@school/shared/messaging/phone';
import type { MessageEvent } from '@school/shared/messaging/types';
import { gsmLetters, smsUnits } from '@school/shared/messaging/units';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import * as repo from './messaging.repository';
import { effectiveSettings } from './messaging.settings';

export interface OutgoingMessage {
  event: MessageEvent;
  /**
   * What makes this message one of a kind: the event's own key and the recipient (e.g.
   * `absence:<student>:<date>:<guardian>`). The same key is never sent twice by a channel.
   */
  dedupeKey: string;
  /** the number as the school wrote it */
  phone: string | null | undefined;
  recipientName?: string | null;
  body: string;
}

export interface QueueContext {
  organisationId: string;
  schoolId: string;
  userId?: string | null;
  /** the messages of one bulk send share it (its progress is read by it) */
  batchId?: string | null;
}

export const NOT_A_MOBILE = 'Not a Nigerian mobile number';
export const NO_GATEWAY = 'No SMS gateway is set up: the message is kept and printed in the server log';

/**
 * Queues each message by every channel its event goes by in the school's settings: numbers are made
 * +234…; a number that opted out of a channel gets nothing by it; one that is not a mobile is recorded
 * as failed with the reason, so the school sees whom it could not reach. Without a gateway key the
 * messages are kept (status `kept`) and printed, as mail without SMTP. Answers how many were queued.
 */
export async function queueMessages(app: FastifyInstance, tx: DbOrTx, ctx: QueueContext, items: OutgoingMessage[]): Promise<number> {
  if (items.length === 0) return 0;
  const settings = await effectiveSettings(app, tx, ctx.organisationId, ctx.schoolId);
  const rows: repo.NewMessage[] = [];
  for (const channel of ['sms', 'whatsapp'] as const) {
    const mine = items.filter((item) => settings.eventChannels[item.event].includes(channel));
    if (mine.length === 0) continue;
    const numbers = mine.map((item) => normaliseNigerianMobile(item.phone));
    const out = await repo.optedOut(
      tx,
      ctx.schoolId,
      channel,
      numbers.filter((n): n is string => n !== null),
    );
    mine.forEach((item, index) => {
      const to = numbers[index];
      if (to !== null && out.has(to)) return;
      if (!item.phone) return;
      rows.push({
        schoolId: ctx.schoolId,
        organisationId: ctx.organisationId,
        channel,
        event: item.event,
        dedupeKey: item.dedupeKey,
        to: to ?? item.phone,
        recipientName: item.recipientName ?? null,
        body: item.body,
        status: to === null ? 'failed' : settings.apiKey ? 'queued' : 'kept',
        error: to === null ? `${NOT_A_MOBILE}: “${item.phone}”` : settings.apiKey ? null : NO_GATEWAY,
        units: to === null || !settings.apiKey ? 0 : channel === 'sms' ? smsUnits(item.body) : 1,
        batchId: ctx.batchId ?? null,
        createdByUserId: ctx.userId ?? null,
      });
    });
  }
  const inserted = await repo.insertMessages(tx, rows);
  for (const row of inserted.filter((r) => r.status === 'kept')) {
    app.log.info({ to: row.to, channel: row.channel, event: row.event }, `message kept in outbox (no gateway):\n${row.body}`);
  }
  return inserted.filter((r) => r.status === 'queued').length;
}

// ---------------------------------------------------------------- for the events' texts

/** Each guardian with a phone of each of these students, with the child's name. */
export const guardianPhonesOf = repo.guardianPhonesOf;

/** The phone a school knows for an account (its own, its staff or guardian record's), or null. */
export const accountPhone = repo.accountPhone;

const PLAIN: Array<[RegExp, string]> = [
  [/[‘’‚‛′]/g, "'"],
  [/[“”„‟″]/g, '"'],
  [/[–—−]/g, '-'],
  [/…/g, '...'],
  [/₦/g, 'N'],
  [/\u00a0/g, ' '],
];

/**
 * A text in plain GSM characters where it can be: straight quotes and dashes, "N" for the naira sign,
 * accented letters as their nearest GSM letter (names: Ọlámidé → Olamide), runs of spaces made one. A character outside GSM-7 makes the whole message unicode (70 a unit).
 */
export function plainText(text: string): string {
  return gsmLetters(PLAIN.reduce((s, [from, to]) => s.replace(from, to), text))
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** 3200050 kobo → 'N32,000.50'; whole naira without kobo: 'N20,000'. */
export function nairaText(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const naira = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  return `${sign}N${naira}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** Cuts a text to at most `max` characters at a word, ending with '...'. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 3);
  const atWord = cut.lastIndexOf(' ') > max / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord.replace(/[\s.,;:-]+$/, '')}...`;
}

// ---------------------------------------------------------------- a bulk send's answer

/** The batch a bulk send made and how many messages it holds (null: none), for the send's answer to name. */
export { sentTexts } from './messaging.batches';

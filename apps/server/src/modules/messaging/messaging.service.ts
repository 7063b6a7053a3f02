/** Messaging settings, the school's message log and resends, and a parent's own channels (ADR 0039). */
import type { MessagingSettingsValues, MessageListQuery, OwnChannelsInput } from '@school/shared/messaging/schemas';
import type { MessageItem, MessagePage, MessagingBalance, MessagingSettings, OwnChannels } from '@school/shared/messaging/responses';
import { normaliseNigerianMobile } from '@school/shared/messaging/phone';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES, type MessageChannel, type MessageEvent, type MessageStatus } from '@school/shared/messaging/types';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { guardians, schools, terms } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { encryptSecret, maskSecret, secretsKey } from '../../lib/secrets';
import { requireSchool, type RequestContext } from '../../policies/context';
import { isOwner } from '../../policies/actors';
import { deliveryReportPath } from './messaging.delivery';
import * as repo from './messaging.repository';
import { apiKeyOf, effectiveOf, effectiveSettings, eventChannelsOf } from './messaging.settings';
import { hiddenResetLink } from './messaging.worker';
import { termiiGateway } from './termii';

const masked = (last4: string | null) => (last4 ? maskSecret(last4) : null);

export async function readSettings(app: FastifyInstance, ctx: RequestContext): Promise<MessagingSettings> {
  const deliveryReportUrl = `${ctx.origin}${deliveryReportPath(app, ctx.organisationId)}`;
  if (isOwner(ctx.user) || !ctx.schoolId) {
    const own = await repo.organisationSettings(app.db, ctx.organisationId);
    const channels = eventChannelsOf(own?.eventChannels);
    return {
      scope: 'organisation',
      provider: 'termii',
      apiKey: masked(own?.apiKeyLast4 ?? null),
      senderId: own?.senderId ?? null,
      eventChannels: own?.eventChannels ? channels : null,
      effective: {
        apiKey: masked(own?.apiKeyLast4 ?? null),
        keyFrom: own?.apiKeyLast4 ? 'organisation' : null,
        senderId: own?.senderId ?? null,
        eventChannels: channels,
      },
      inherited: null,
      deliveryReportUrl,
    };
  }
  const [own, organisation] = await Promise.all([repo.schoolSettings(app.db, ctx.schoolId), repo.organisationSettings(app.db, ctx.organisationId)]);
  const effective = effectiveOf(app, organisation, own);
  return {
    scope: 'school',
    provider: 'termii',
    apiKey: masked(own?.apiKeyLast4 ?? null),
    senderId: own?.senderId ?? null,
    eventChannels: own?.eventChannels ? eventChannelsOf(own.eventChannels) : null,
    effective: { apiKey: masked(effective.apiKeyLast4), keyFrom: effective.keyFrom, senderId: effective.senderId, eventChannels: effective.eventChannels },
    // what an emptied field falls back to, shown even while the school's own value hides it
    inherited: { apiKey: masked(organisation?.apiKeyLast4 ?? null), senderId: organisation?.senderId ?? null },
    deliveryReportUrl,
  };
}

export async function saveSettings(app: FastifyInstance, ctx: RequestContext, input: MessagingSettingsValues) {
  const forOrganisation = isOwner(ctx.user) || !ctx.schoolId;
  const before = forOrganisation ? await repo.organisationSettings(app.db, ctx.organisationId) : await repo.schoolSettings(app.db, ctx.schoolId!);
  const key = input.apiKey ? { apiKeyEncrypted: encryptSecret(secretsKey(app.config), input.apiKey), apiKeyLast4: input.apiKey.slice(-4) } : null;
  const values = {
    apiKeyEncrypted: key?.apiKeyEncrypted ?? (input.removeApiKey ? null : (before?.apiKeyEncrypted ?? null)),
    apiKeyLast4: key?.apiKeyLast4 ?? (input.removeApiKey ? null : (before?.apiKeyLast4 ?? null)),
    senderId: input.senderId,
    eventChannels: input.eventChannels ?? null,
    updatedByUserId: ctx.user.id,
  };
  await app.db.transaction(async (tx) => {
    if (forOrganisation) await repo.upsertOrganisationSettings(tx, ctx.organisationId, values);
    else await repo.upsertSchoolSettings(tx, ctx.schoolId!, values);
    await audit(tx, {
      organisationId: ctx.organisationId,
      schoolId: forOrganisation ? null : ctx.schoolId,
      userId: ctx.user.id,
      action: 'messaging.settings_changed',
      entity: 'messaging_settings',
      // never the key itself: whether one was given or removed
      before: before ? { senderId: before.senderId, eventChannels: before.eventChannels, apiKey: masked(before.apiKeyLast4) } : null,
      after: { senderId: values.senderId, eventChannels: values.eventChannels, apiKey: masked(values.apiKeyLast4) },
      ip: ctx.ip,
    });
  });
  return readSettings(app, ctx);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A reset link opens the account for an hour: the log shows that it went, never the link itself. */
const shownBody = (row: repo.MessageRow) => (row.event === 'passwordReset' ? hiddenResetLink(row.body) : row.body);

function presentMessage(row: repo.MessageRow): MessageItem {
  return {
    id: row.id,
    channel: row.channel as MessageChannel,
    event: row.event as MessageEvent,
    to: row.to,
    recipientName: row.recipientName,
    body: shownBody(row),
    status: row.status as MessageStatus,
    attempts: row.attempts,
    units: row.units,
    error: row.error,
    route: row.route,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    nextAttemptAt: row.status === 'queued' ? iso(row.nextAttemptAt) : null,
  };
}

/**
 * The school's current term's first day and the instant it began in the school's time zone (the units
 * "this term" count from then: Lagos midnight is 23:00 UTC the day before), or null.
 */
async function currentTermStart(app: FastifyInstance, schoolId: string): Promise<{ date: string; from: Date } | null> {
  const [row] = await app.db
    .select({
      date: terms.startDate,
      from: sql<string>`(${terms.startDate}::timestamp at time zone (select ${schools.timeZone} from ${schools} where ${schools.id} = ${schoolId}))`,
    })
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.isCurrent, true)))
    .orderBy(desc(terms.startDate))
    .limit(1);
  return row ? { date: row.date, from: new Date(row.from) } : null;
}

export async function listMessages(
  app: FastifyInstance,
  ctx: RequestContext,
  query: Required<Pick<MessageListQuery, 'page' | 'pageSize'>> & MessageListQuery,
): Promise<MessagePage> {
  const schoolId = requireSchool(ctx);
  const page = Number(query.page);
  const pageSize = Number(query.pageSize);
  const filter = { status: query.status, channel: query.channel, event: query.event, batchId: query.batchId };
  const since = await currentTermStart(app, schoolId);
  const [{ rows, total }, counts] = await Promise.all([
    repo.listMessages(app.db, schoolId, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    // one send's figures are all of it; the log's are this term's
    repo.statusCounts(app.db, schoolId, query.batchId ? { batchId: query.batchId } : { from: since?.from }),
  ]);
  const byStatus = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.messages ?? 0])) as Record<MessageStatus, number>;
  // units are set only when the gateway takes a message, and stay when Termii later reports it failed: it was charged
  const units = counts.reduce((n, c) => n + Number(c.units), 0);
  return { items: rows.map(presentMessage), total, page, pageSize, summary: { since: since?.date ?? null, units, byStatus } };
}

export const NOTHING_TO_RESEND = 'Only a failed or kept message can be sent again';
export const NO_RESET_RESEND = 'A password reset link is not sent again: ask the person to request a new link from the sign-in page';

/** Sends a failed or kept message again, as a new message (the first stays in the log as it was). */
export async function resend(app: FastifyInstance, ctx: RequestContext, id: string): Promise<MessageItem> {
  const schoolId = requireSchool(ctx);
  const original = await repo.findMessage(app.db, schoolId, id);
  if (!original) throw notFound('Message not found');
  if (original.status !== 'failed' && original.status !== 'kept') throw conflict(NOTHING_TO_RESEND);
  // its link may have expired or been used, and the row no longer holds it
  if (original.event === 'passwordReset') throw conflict(NO_RESET_RESEND);
  const to = normaliseNigerianMobile(original.to);
  if (!to) throw badRequest(`Not a Nigerian mobile number: “${original.to}”. Correct the number on the guardian’s record first.`);
  const settings = await effectiveSettings(app, app.db, ctx.organisationId, schoolId);
  if (!settings.apiKey) throw conflict('No SMS gateway is set up yet: add the Termii API key in the messaging settings first');
  const copy = await app.db.transaction(async (tx) => {
    const n = await repo.resendCount(tx, schoolId, original.channel, original.dedupeKey);
    const [row] = await repo.insertMessages(tx, [
      {
        schoolId,
        organisationId: original.organisationId,
        channel: original.channel,
        event: original.event,
        dedupeKey: `${original.dedupeKey}:resend:${n + 1}`,
        to,
        recipientName: original.recipientName,
        body: original.body,
        status: 'queued',
        batchId: original.batchId,
        createdByUserId: ctx.user.id,
      },
    ]);
    await audit(tx, {
      organisationId: ctx.organisationId,
      schoolId,
      userId: ctx.user.id,
      action: 'message.resent',
      entity: 'message',
      entityId: original.id,
      after: { messageId: row!.id, to },
      ip: ctx.ip,
    });
    return row!;
  });
  app.messageWorker.kick();
  return presentMessage(copy);
}

/**
 * What is left on the Termii account the requester's messages go through: a school's effective key, or
 * an owner's organisation key. Asked of Termii each time (the page asks at most once a minute).
 */
export async function readBalance(app: FastifyInstance, ctx: RequestContext): Promise<MessagingBalance> {
  const apiKey = ctx.schoolId
    ? (await effectiveSettings(app, app.db, ctx.organisationId, ctx.schoolId)).apiKey
    : apiKeyOf(app, await repo.organisationSettings(app.db, ctx.organisationId));
  if (!apiKey) return { configured: false, balance: null, currency: null, error: null };
  const answer = await termiiGateway(app.config.termiiBaseUrl).balance(apiKey);
  return answer.outcome === 'ok'
    ? { configured: true, balance: answer.balance, currency: answer.currency, error: null }
    : { configured: true, balance: null, currency: null, error: answer.reason };
}

// ---------------------------------------------------------------- a parent's own channels

async function ownPhones(app: FastifyInstance, ctx: RequestContext): Promise<string[]> {
  const schoolId = requireSchool(ctx);
  const rows = await app.db
    .select({ phone: guardians.phone })
    .from(guardians)
    .where(and(eq(guardians.schoolId, schoolId), eq(guardians.userId, ctx.user.id), sql`nullif(trim(${guardians.phone}), '') is not null`));
  return [...new Set(rows.map((r) => normaliseNigerianMobile(r.phone)).filter((p): p is string => p !== null))];
}

export async function readOwnChannels(app: FastifyInstance, ctx: RequestContext): Promise<OwnChannels> {
  const schoolId = requireSchool(ctx);
  const phones = await ownPhones(app, ctx);
  const on = async (channel: MessageChannel) => phones.length === 0 || (await repo.optedOut(app.db, schoolId, channel, phones)).size < phones.length;
  return { phones, sms: await on('sms'), whatsapp: await on('whatsapp') };
}

export async function saveOwnChannels(app: FastifyInstance, ctx: RequestContext, input: OwnChannelsInput): Promise<OwnChannels> {
  const schoolId = requireSchool(ctx);
  const phones = await ownPhones(app, ctx);
  if (phones.length === 0) throw badRequest('The school has no mobile number of yours. Ask the school to add it to your record.');
  await app.db.transaction(async (tx) => {
    for (const phone of phones) {
      for (const channel of MESSAGE_CHANNELS) await repo.setOptOut(tx, schoolId, phone, channel, !input[channel]);
    }
    await audit(tx, {
      organisationId: ctx.organisationId,
      schoolId,
      userId: ctx.user.id,
      action: 'messaging.own_channels_changed',
      entity: 'user',
      entityId: ctx.user.id,
      after: input,
      ip: ctx.ip,
    });
  });
  return readOwnChannels(app, ctx);
}

/**
 * Which gateway a school's messages go through and which events go by which channels: the school's own
 * choices where it made them, else its organisation's (ADR 0039). The key is sealed at rest and never
 * sent back in full.
 */
import { DEFAULT_EVENT_CHANNELS, MESSAGE_CHANNELS, MESSAGE_EVENTS, type EventChannels, type MessageChannel } from '@school/shared/messaging/types';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { decryptSecret, secretsKey } from '../../lib/secrets';
import * as repo from './messaging.repository';

export interface EffectiveSettings {
  /** The gateway key in clear (null: none, messages are kept) */
  apiKey: string | null;
  apiKeyLast4: string | null;
  senderId: string | null;
  eventChannels: EventChannels;
  /** whose key is used */
  keyFrom: 'school' | 'organisation' | null;
}

/** A stored `event_channels` value, every event present, unknown events and channels dropped. */
export function eventChannelsOf(stored: unknown, fallback: EventChannels = DEFAULT_EVENT_CHANNELS): EventChannels {
  const given = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return Object.fromEntries(
    MESSAGE_EVENTS.map((event) => {
      const channels = given[event];
      return [event, Array.isArray(channels) ? MESSAGE_CHANNELS.filter((c): c is MessageChannel => channels.includes(c)) : fallback[event]];
    }),
  ) as EventChannels;
}

/** The columns an organisation's and a school's settings rows share. */
type SettingsRow = Pick<
  NonNullable<Awaited<ReturnType<typeof repo.organisationSettings>>>,
  'apiKeyEncrypted' | 'apiKeyLast4' | 'senderId' | 'eventChannels'
> | null;

/** A settings row's gateway key in clear, or null. */
export function apiKeyOf(app: FastifyInstance, row: Pick<NonNullable<SettingsRow>, 'apiKeyEncrypted'> | null): string | null {
  return row?.apiKeyEncrypted ? decryptSecret(secretsKey(app.config), row.apiKeyEncrypted) : null;
}

export async function effectiveSettings(app: FastifyInstance, db: DbOrTx, organisationId: string, schoolId: string): Promise<EffectiveSettings> {
  const [organisation, school] = await Promise.all([repo.organisationSettings(db, organisationId), repo.schoolSettings(db, schoolId)]);
  return effectiveOf(app, organisation, school);
}

/** What applies to a school, from its own settings row and its organisation's (either may be absent). */
export function effectiveOf(app: FastifyInstance, organisation: SettingsRow, school: SettingsRow): EffectiveSettings {
  const keyRow = school?.apiKeyEncrypted ? school : organisation?.apiKeyEncrypted ? organisation : null;
  const organisationChannels = eventChannelsOf(organisation?.eventChannels);
  return {
    apiKey: apiKeyOf(app, keyRow),
    apiKeyLast4: keyRow?.apiKeyLast4 ?? null,
    senderId: school?.senderId ?? organisation?.senderId ?? null,
    eventChannels: school?.eventChannels ? eventChannelsOf(school.eventChannels, organisationChannels) : organisationChannels,
    keyFrom: keyRow === null ? null : keyRow === school ? 'school' : 'organisation',
  };
}

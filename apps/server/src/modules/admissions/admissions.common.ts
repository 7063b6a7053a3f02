/** What the admission services share: the write context, mail delivery, the per-IP limit, the school's year and day. */
import { tooManyAttemptsMessage } from '@school/shared/admissions/schemas';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { hit } from '../../lib/rate-limit';
import type { RequestUser } from '../../types';
import * as repo from './admissions.repository';

export interface WriteContext {
  actor: RequestUser;
  schoolId: string;
  ip: string;
  /** Where invitation mails send people to register. */
  origin: string;
}

export type Queued = { outboxId: string; message: MailMessage };

/** Sends mail queued in the outbox once its transaction has committed, and wakes the sender of the messages queued with it (ADR 0039). */
export async function deliverAll(app: FastifyInstance, mails: Queued[]) {
  for (const mail of mails) await app.mailer.deliver(app.db, mail.outboxId, mail.message);
  if (mails.length > 0) app.messageWorker.kick();
}

/**
 * Counts an attempt against a per-IP limit and runs it; an attempt that succeeds is taken back, so
 * only failures count (a school office entering many applications from one address is not blocked,
 * someone guessing codes is). The hit comes first, so parallel guesses cannot slip past the limit.
 */
export async function limited<T>(app: FastifyInstance, key: string, rule: { attempts: number; windowMinutes: number }, attempt: () => Promise<T>): Promise<T> {
  const { count, resetAt } = await hit(app.db, key, rule.windowMinutes * 60_000);
  if (count > rule.attempts) {
    throw tooManyRequests(tooManyAttemptsMessage(Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000))));
  }
  const result = await attempt();
  await repo.refundHit(app.db, key);
  return result;
}

/** The calendar year in a time zone (the admission year of a registration number). */
export function yearIn(timeZone: string, at = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric' }).format(at));
}

/** 'YYYY-MM-DD' of today in a time zone. */
export function todayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

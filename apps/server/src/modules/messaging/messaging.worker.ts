/**
 * The worker that sends queued messages (ADR 0039). It claims messages due (several processes can
 * share the work), sends each through the school's gateway, and records what happened: sent (with the
 * gateway's id and units), failed with the reason, or queued again after a back-off when the gateway
 * did not answer well. A claimed message is leased: if the process dies mid-send, it is claimed again
 * when the lease ends. Woken at once by `kick()` after an event commits, and otherwise every interval.
 */
import type { MessageChannel } from '@school/shared/messaging/types';
import { smsUnits } from '@school/shared/messaging/units';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import * as repo from './messaging.repository';
import { effectiveSettings, type EffectiveSettings } from './messaging.settings';
import type { GatewayAnswer, GatewayRoute, MessageGateway } from './termii';

/** Attempts before a message is given up; the waits between them. */
export const MAX_ATTEMPTS = 5;
const BACK_OFF_SECONDS = [30, 120, 600, 3600];
/** How long a claimed message is another worker's before it may be claimed again. */
const LEASE_SECONDS = 120;
const BATCH = 25;
/** Messages sent at the same time (Termii answers each in a few hundred ms). */
const SENDS_AT_ONCE = 5;

export const NO_SENDER_ID = 'No sender ID is set in the messaging settings';

/** A reset link's token hidden: what the log shows, and what the row keeps once the text went. */
export const hiddenResetLink = (body: string) => body.replace(/token=\S+/g, 'token=(hidden)');

export interface MessageWorker {
  /** Sends what is due now; answers how many messages it handled. */
  runOnce(): Promise<number>;
  /** Wakes the worker now (after an event queued messages). */
  kick(): void;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export function createMessageWorker(app: FastifyInstance, gateway: () => MessageGateway, log: FastifyBaseLogger): MessageWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function sendOne(message: repo.MessageRow, settings: EffectiveSettings) {
    const done = (values: Partial<repo.NewMessage>) =>
      repo.updateMessage(app.db, message.schoolId, message.id, {
        ...values,
        // a reset link opens the account for an hour: once it went (or never will), the row keeps no usable link
        ...(message.event === 'passwordReset' && values.status !== 'queued' && values.status !== 'kept' ? { body: hiddenResetLink(message.body) } : {}),
      });
    if (!settings.apiKey) return done({ status: 'kept', error: 'No SMS gateway is set up: the message is kept' });
    if (!settings.senderId) return done({ status: 'failed', error: NO_SENDER_ID });
    const channel = message.channel as MessageChannel;
    const send = (route: GatewayRoute) => gateway().send({ apiKey: settings.apiKey!, senderId: settings.senderId!, to: message.to, text: message.body, route });
    let route: GatewayRoute = channel === 'whatsapp' ? 'whatsapp' : message.route === 'dnd' ? 'dnd' : 'generic';
    let answer: GatewayAnswer = await send(route);
    // a number on Do-Not-Disturb: the generic route refuses it, the dnd route takes it
    if (answer.outcome === 'dnd' && route === 'generic') {
      route = 'dnd';
      answer = await send(route);
    }
    switch (answer.outcome) {
      case 'sent':
        return done({
          status: 'sent',
          route,
          providerMessageId: answer.messageId,
          units: channel === 'sms' ? smsUnits(message.body) : 1,
          sentAt: new Date(),
          error: null,
        });
      case 'dnd':
      case 'refused':
        return done({ status: 'failed', route, error: answer.reason });
      case 'unavailable': {
        if (message.attempts >= MAX_ATTEMPTS) {
          return done({ status: 'failed', route, error: `Gave up after ${message.attempts} attempts. ${answer.reason}` });
        }
        const wait = BACK_OFF_SECONDS[Math.min(message.attempts - 1, BACK_OFF_SECONDS.length - 1)];
        return done({ status: 'queued', route, error: answer.reason, nextAttemptAt: new Date(Date.now() + wait * 1000) });
      }
    }
  }

  async function drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const due = await repo.claimDue(app.db, BATCH, LEASE_SECONDS);
      if (due.length === 0) return handled;
      const settingsOf = new Map<string, Promise<EffectiveSettings>>();
      const settings = (message: repo.MessageRow) => {
        const key = message.schoolId;
        if (!settingsOf.has(key)) settingsOf.set(key, effectiveSettings(app, app.db, message.organisationId ?? '', message.schoolId));
        return settingsOf.get(key)!;
      };
      // a few at once: a gateway answers in a few hundred milliseconds, and a school-wide notice is thousands
      let next = 0;
      const lane = async () => {
        while (next < due.length) {
          const message = due[next++]!;
          try {
            await sendOne(message, await settings(message));
          } catch (error) {
            // the message stays leased and is tried again when the lease ends
            log.error({ err: error, messageId: message.id }, 'sending a message failed');
          }
          handled += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, due.length) }, lane));
      if (stopped) return handled;
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        void runOnce();
      }
    });
    return running;
  }

  return {
    runOnce,
    kick() {
      if (stopped || !timer) return;
      runOnce().catch((error: unknown) => log.error({ err: error }, 'message worker failed'));
    },
    start(intervalMs) {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => log.error({ err: error }, 'message worker failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
}

/**
 * Delivery reports (issue 20, ADR 0039's addendum). Termii posts each message's delivery status to the
 * webhook URL set in its developer console. Each organisation has its own URL, whose last part is a
 * token only this server can make (an HMAC of the organisation's id under the secrets key): a report
 * to any other URL is refused, and a report changes only a message of that organisation's schools.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { gatewayNumber } from '@school/shared/messaging/phone';
import type { DeliveryReportReceived } from '@school/shared/messaging/responses';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/http-errors';
import { organisationSchoolIds } from '../../lib/schools';
import { secretsKey } from '../../lib/secrets';
import * as repo from './messaging.repository';
import { deliveryOutcomeOf } from './termii';

/** The token of an organisation's delivery-report URL. */
export function deliveryReportToken(app: FastifyInstance, organisationId: string): string {
  return createHmac('sha256', secretsKey(app.config)).update(`termii-delivery-reports:${organisationId}`).digest('base64url').slice(0, 32);
}

/** The path Termii posts an organisation's delivery reports to (the settings show it with the origin). */
export function deliveryReportPath(app: FastifyInstance, organisationId: string): string {
  // in the query: a public route's path holds no parameters (plugins/authorization)
  return `/api/messaging/termii/delivery-reports?organisation=${organisationId}&token=${deliveryReportToken(app, organisationId)}`;
}

function tokenMatches(app: FastifyInstance, organisationId: string, token: string): boolean {
  const expected = Buffer.from(deliveryReportToken(app, organisationId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface TermiiReport {
  message_id?: string | number;
  receiver?: string;
  status?: string;
}

/**
 * Applies one report: DELIVERED marks the message delivered; a failure (DND active, failed, rejected,
 * expired) marks a sent message failed with Termii's words; "Message Sent" and the like change nothing.
 * A report about a message this organisation did not send is acknowledged and ignored, so that Termii
 * stops retrying it.
 */
export async function receiveDeliveryReport(
  app: FastifyInstance,
  organisationId: string,
  token: string,
  report: TermiiReport,
): Promise<DeliveryReportReceived> {
  if (!tokenMatches(app, organisationId, token)) throw unauthorized('Unknown delivery report address');
  const providerId = report.message_id === undefined || report.message_id === null ? '' : String(report.message_id).trim();
  const outcome = deliveryOutcomeOf(report.status ?? '');
  if (!providerId || !outcome) return { received: true, changed: false };
  const schoolIds = await organisationSchoolIds(app.db, organisationId);
  const message = await repo.findByProviderId(app.db, schoolIds, providerId);
  // the number Termii names must be the message's: a report is never applied to another's message
  if (!message || (report.receiver && gatewayNumber(message.to) !== String(report.receiver).replace(/^\+/, ''))) return { received: true, changed: false };
  // the status checked in the update itself: two reports at once (a late failure, the receipt) cannot both win
  const changed =
    outcome.status === 'delivered'
      ? // delivered is final; a failure reported earlier is overtaken by the handset's receipt
        await repo.updateMessageFrom(app.db, message.schoolId, message.id, ['sent', 'failed'], { status: 'delivered', deliveredAt: new Date(), error: null })
      : await repo.updateMessageFrom(app.db, message.schoolId, message.id, ['sent'], { status: 'failed', error: outcome.reason });
  return { received: true, changed };
}

/**
 * A bulk send's progress (issue 20, ADR 0039). Publishing results, or posting a notice also sent as
 * SMS, queues one batch of messages; the answer of that action names the batch, and the page that
 * started it follows the batch here while the worker sends.
 */
import type { BatchProgress, SentTexts } from '@school/shared/messaging/responses';
import { MESSAGE_STATUSES } from '@school/shared/messaging/types';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { schoolIdsOf } from '../../lib/schools';
import type { RequestContext } from '../../policies/context';
import * as repo from './messaging.repository';

async function countBatch(db: DbOrTx, schoolIds: string[], batchId: string): Promise<BatchProgress> {
  const counts = await repo.batchStatusCounts(db, schoolIds, batchId);
  const byStatus = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.messages ?? 0])) as BatchProgress['byStatus'];
  return { batchId, total: counts.reduce((n, c) => n + c.messages, 0), byStatus };
}

/**
 * A batch's messages by status in the schools the requester reaches (an administrator's school, an
 * owner's every school). A batch of another school, or an id no send made, never gets here: its record
 * rule (`message-batch`, policies/records.ts) answers 404.
 */
export async function batchProgress(app: FastifyInstance, ctx: RequestContext, batchId: string): Promise<BatchProgress> {
  return countBatch(app.db, await schoolIdsOf(app.db, ctx), batchId);
}

/**
 * What the answer of a bulk send names, read in its transaction after the messages are queued: the
 * batch and how many messages it made in these schools, or null when it made none (no phones, or
 * every recipient already had this event's message).
 */
export async function sentTexts(db: DbOrTx, schoolIds: string[], batchId: string): Promise<SentTexts | null> {
  const { total } = await countBatch(db, schoolIds, batchId);
  return total > 0 ? { batchId, total } : null;
}

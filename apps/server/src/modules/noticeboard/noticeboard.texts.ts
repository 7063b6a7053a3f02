/**
 * A notice marked "also send as SMS" (issue 20, ADR 0039): queued in the transaction that posts it, to
 * the phones of its audience at each of its schools: everyone → the guardians of the active students
 * and the active staff; staff → the staff; parents and students → the guardians (students have no
 * phone of their own); one class → the guardians of its students. Once per notice and phone, however
 * often the notice is saved; at most two SMS units, the rest on the noticeboard.
 */
import { normaliseNigerianMobile } from '@school/shared/messaging/phone';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { notices } from '../../db/schema';
import { plainText, queueMessages, shortened } from '../messaging/messaging.api';
import * as repo from './noticeboard.repository';

/** Two SMS units of plain text (2 × 153 characters). */
const MAX_LENGTH = 306;
const MORE = ' More on the noticeboard.';

/** "Greenfield: Sports day. Friday at the field…" in at most two units. */
export function noticeText(schoolName: string, title: string, description: string) {
  const head = /[.!?:]$/.test(title.trim()) ? title.trim() : `${title.trim()}.`;
  const full = plainText(`${schoolName}: ${head} ${description}`.replace(/\s+/g, ' '));
  return full.length <= MAX_LENGTH ? full : `${shortened(full, MAX_LENGTH - MORE.length)}${MORE}`;
}

type Notice = Pick<typeof notices.$inferSelect, 'id' | 'schoolId' | 'organisationId' | 'audience' | 'classId' | 'title' | 'description'>;

/** Queues one notice's texts at its school; answers how many are queued to send. */
export async function queueNoticeTexts(
  app: FastifyInstance,
  tx: DbOrTx,
  p: { notice: Notice; schoolName: string; userId: string; batchId: string },
): Promise<number> {
  const { notice } = p;
  const toGuardians = notice.audience !== 'staff';
  const toStaff = notice.audience === 'everyone' || notice.audience === 'staff';
  const recipients = [
    ...(toGuardians ? await repo.guardianPhones(tx, notice.schoolId, notice.audience === 'class' ? notice.classId : null) : []),
    ...(toStaff ? await repo.staffPhones(tx, notice.schoolId) : []),
  ];
  // one message per phone: a guardian who is also on the staff, or two records with one number, get one
  const byPhone = new Map<string, { name: string; phone: string }>();
  for (const r of recipients) {
    const key = normaliseNigerianMobile(r.phone) ?? r.phone!.replace(/\s+/g, '');
    if (!byPhone.has(key)) byPhone.set(key, { name: r.name, phone: r.phone! });
  }
  const body = noticeText(p.schoolName, notice.title, notice.description);
  return queueMessages(
    app,
    tx,
    { organisationId: notice.organisationId, schoolId: notice.schoolId, userId: p.userId, batchId: p.batchId },
    [...byPhone].map(([key, r]) => ({ event: 'notice' as const, dedupeKey: `notice:${notice.id}:${key}`, phone: r.phone, recipientName: r.name, body })),
  );
}

import { randomInt } from 'node:crypto';
import {
  PIN_OF_ANOTHER_STUDENT,
  PIN_REQUIRED_MESSAGE,
  PIN_USED_UP,
  RESULT_PIN,
  WRONG_PIN,
  type GeneratePinsInput,
  type UnlockResultsInput,
} from '@school/shared/report-cards/schemas';
import type { ResultPin, ResultPinBatch } from '@school/shared/report-cards/responses';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../lib/http-errors';
import { hit } from '../../lib/rate-limit';
import { sha256 } from '../../lib/tokens';
import { type RequestContext, requireSchool } from '../../policies/context';
import { needsResultPin } from '../../policies/result-pins';
import { isOwnOrChild } from '../../policies/students';
import * as academics from '../academics/academics.api';
import * as repo from './result-pins.repository';
import { personName } from '../../lib/names';

/** The user opening results: their role decides whether the PIN requirement applies (`needsResultPin`). */
export interface ResultViewer {
  id: string;
  role: string;
}

/** The 403 a student or parent gets for a term's results they have not unlocked (errors.termId names the term). */
export function pinRequiredError(termId: string) {
  return new HttpError(403, PIN_REQUIRED_MESSAGE, { pin: PIN_REQUIRED_MESSAGE, termId });
}

/** Whether the school asks students and parents for a result-checker PIN. */
export async function schoolRequiresPin(db: DbOrTx, schoolId: string): Promise<boolean> {
  return repo.requirePin(db, schoolId);
}

/**
 * The terms (of `termIds`) whose results this user must still unlock with a PIN for the student:
 * empty for staff, when the school does not ask for PINs, or when each term has an unexpired
 * unlock. At most two queries.
 */
export async function lockedTermIds(
  db: DbOrTx,
  { schoolId, studentId, termIds, user }: { schoolId: string; studentId: string; termIds: string[]; user: ResultViewer },
): Promise<Set<string>> {
  if (!needsResultPin(user) || termIds.length === 0) return new Set();
  if (!(await schoolRequiresPin(db, schoolId))) return new Set();
  const open = new Set((await repo.activeUnlocks(db, schoolId, studentId, user.id, termIds)).map((u) => u.termId));
  return new Set(termIds.filter((id) => !open.has(id)));
}

/**
 * Throws 403 `PIN_REQUIRED_MESSAGE` (errors.pin) unless the user may open this term's results of the
 * student without a PIN or has unlocked them. Call it after checking the user may see the student.
 */
export async function requireResultAccess(db: DbOrTx, args: { schoolId: string; studentId: string; termId: string; user: ResultViewer }): Promise<void> {
  const locked = await lockedTermIds(db, { schoolId: args.schoolId, studentId: args.studentId, termIds: [args.termId], user: args.user });
  if (locked.size > 0) throw pinRequiredError(args.termId);
}

/**
 * For a page listing a student's terms (newest first): throws PIN_REQUIRED for the newest term when
 * it is still locked for this user; otherwise answers the older locked terms, to leave out (each can
 * be opened with a PIN from its report card). Staff, and schools without PINs: an empty set.
 */
export async function requireLatestResultsUnlocked(
  db: DbOrTx,
  args: { schoolId: string; studentId: string; termIds: string[]; user: ResultViewer },
): Promise<Set<string>> {
  const locked = await lockedTermIds(db, args);
  if (args.termIds.length > 0 && locked.has(args.termIds[0])) throw pinRequiredError(args.termIds[0]);
  return locked;
}

// ---------------------------------------------------------------- administrators: batches

function newPin(): string {
  let pin = String(randomInt(1, 10));
  while (pin.length < RESULT_PIN.digits) pin += String(randomInt(0, 10));
  return pin;
}

export async function generateBatch(app: FastifyInstance, ctx: RequestContext, input: GeneratePinsInput): Promise<ResultPinBatch> {
  const { user } = ctx;
  const schoolId = requireSchool(ctx);
  const batch = await app.db.transaction(async (tx) => {
    const pins = new Map<string, string>();
    // fresh PINs, none the school already holds (a clash among 10^11 is rare; draw again if so)
    for (let round = 0; pins.size < input.quantity && round < 10; round++) {
      const drawn = new Map<string, string>();
      while (drawn.size + pins.size < input.quantity) {
        const pin = newPin();
        if (!pins.has(sha256(pin))) drawn.set(sha256(pin), pin);
      }
      const taken = await repo.existingHashes(tx, schoolId, [...drawn.keys()]);
      for (const [hash, pin] of drawn) if (!taken.has(hash)) pins.set(hash, pin);
    }
    const row = await repo.insertBatch(tx, { schoolId, quantity: input.quantity, maxViews: input.maxViews, note: input.note, createdByUserId: user.id });
    await repo.insertPins(
      tx,
      [...pins].map(([pinHash, pin]) => ({ schoolId, batchId: row.id, pin, pinHash, maxViews: input.maxViews })),
    );
    await audit(tx, {
      organisationId: user.organisationId,
      schoolId,
      userId: user.id,
      action: 'result_pin_batch.created',
      entity: 'result_pin_batch',
      entityId: row.id,
      before: null,
      after: { quantity: input.quantity, maxViews: input.maxViews, note: input.note },
      ip: ctx.ip,
    });
    return row;
  });
  return {
    id: batch.id,
    quantity: batch.quantity,
    maxViews: batch.maxViews,
    note: batch.note,
    createdAt: batch.createdAt.toISOString(),
    createdBy: user.name,
    used: 0,
  };
}

export async function listBatches(app: FastifyInstance, ctx: RequestContext): Promise<ResultPinBatch[]> {
  const rows = await repo.listBatches(app.db, requireSchool(ctx));
  return rows.map((r) => ({ ...r, used: Number(r.used), createdAt: r.createdAt.toISOString() }));
}

export async function batchPins(app: FastifyInstance, ctx: RequestContext, batchId: string) {
  const schoolId = requireSchool(ctx);
  const batch = await repo.findBatch(app.db, schoolId, batchId);
  if (!batch) throw notFound('PIN batch not found');
  const rows = await repo.pinsOfBatch(app.db, schoolId, batchId);
  const pins: ResultPin[] = rows.map((r) => ({
    id: r.id,
    pin: r.pin,
    maxViews: r.maxViews,
    viewsUsed: r.viewsUsed,
    student:
      r.studentId && r.firstName && r.lastName
        ? { id: r.studentId, name: personName({ firstName: r.firstName, middleName: r.middleName, lastName: r.lastName }) }
        : null,
    lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
  }));
  return { batch: { id: batch.id, quantity: batch.quantity, maxViews: batch.maxViews, note: batch.note, createdAt: batch.createdAt.toISOString() }, pins };
}

// ---------------------------------------------------------------- students and parents: unlocking

/** The student (named in the query or body) must be the user's own or their child (policies/students.ts); anything else is 404. */
async function ownStudent(app: FastifyInstance, ctx: RequestContext, studentId: string) {
  const schoolId = requireSchool(ctx, 'Student not found');
  if (!(await isOwnOrChild(app.db, ctx, studentId))) throw notFound('Student not found');
  return { user: ctx.user, schoolId };
}

export async function status(app: FastifyInstance, ctx: RequestContext, studentId: string, termId: string) {
  const schoolId = requireSchool(ctx, 'Student not found');
  if (!needsResultPin(ctx.user)) return { required: false, unlocked: true, expiresAt: null };
  await ownStudent(app, ctx, studentId);
  const term = await academics.findTerm(app.db, schoolId, termId);
  if (!term) throw notFound('Term not found');
  const required = await schoolRequiresPin(app.db, schoolId);
  if (!required) return { required: false, unlocked: true, expiresAt: null };
  const [unlock] = await repo.activeUnlocks(app.db, schoolId, studentId, ctx.user.id, [term.id]);
  return { required: true, unlocked: Boolean(unlock), expiresAt: unlock ? unlock.expiresAt.toISOString() : null };
}

/**
 * Uses one view of a PIN to open a term's results of a student for RESULT_PIN.unlockMinutes. The
 * first use binds the PIN to the student; another student's PIN, a used-up PIN and a wrong PIN are
 * 400s (wrong PINs are also counted per user and refused with 429 after RESULT_PIN.wrongAttempts).
 */
export async function unlock(app: FastifyInstance, ctx: RequestContext, input: UnlockResultsInput) {
  // staff never need a PIN
  if (!needsResultPin(ctx.user)) return { required: false, expiresAt: null, viewsLeft: null };
  const { user, schoolId } = await ownStudent(app, ctx, input.studentId);
  const term = await academics.findTerm(app.db, schoolId, input.termId);
  if (!term) throw notFound('Term not found');
  if (!(await schoolRequiresPin(app.db, schoolId))) return { required: false, expiresAt: null, viewsLeft: null };
  const limitKey = `result-pin:${user.id}`;
  const windowMs = RESULT_PIN.wrongWindowMinutes * 60_000;
  type Outcome = { error: string } | { error?: undefined; expiresAt: Date; viewsLeft: number };
  const outcome: Outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    const pin = await repo.lockPinByHash(tx, schoolId, sha256(input.pin));
    if (!pin) return { error: WRONG_PIN };
    if (pin.studentId && pin.studentId !== input.studentId) return { error: PIN_OF_ANOTHER_STUDENT };
    if (pin.viewsUsed >= pin.maxViews) return { error: PIN_USED_UP };
    const after = await repo.usePin(tx, schoolId, pin.id, input.studentId);
    const expiresAt = new Date(Date.now() + RESULT_PIN.unlockMinutes * 60_000);
    await repo.insertUnlock(tx, { schoolId, pinId: pin.id, studentId: input.studentId, termId: term.id, userId: user.id, expiresAt });
    await audit(tx, {
      organisationId: user.organisationId,
      schoolId,
      userId: user.id,
      action: 'result_pin.used',
      entity: 'result_pin',
      entityId: pin.id,
      before: { viewsUsed: pin.viewsUsed, studentId: pin.studentId },
      after: { viewsUsed: after.viewsUsed, studentId: after.studentId, termId: term.id },
      ip: ctx.ip,
    });
    return { expiresAt, viewsLeft: after.maxViews - after.viewsUsed };
  });
  if (outcome.error !== undefined) {
    if (outcome.error === WRONG_PIN) {
      const { count, resetAt } = await hit(app.db, limitKey, windowMs);
      if (count > RESULT_PIN.wrongAttempts) {
        const minutes = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000));
        throw tooManyRequests(`Too many wrong PINs. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
    }
    throw badRequest(outcome.error, { pin: outcome.error });
  }
  return { required: true, expiresAt: outcome.expiresAt.toISOString(), viewsLeft: outcome.viewsLeft };
}

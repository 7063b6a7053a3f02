/**
 * The fee gate (issue 18, ADR 0030's addendum): a school may withhold published results and report
 * cards from a student and their parents while the student owes more than a set amount. The balance is
 * read live from finance, so recording a payment or Paystack's confirmation lifts the gate at once.
 * Staff are never gated.
 */
import { feesOwedMessage, type FeeGate, type FeeGateInput } from '@school/shared/results/fee-gate';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { resultFeeGates } from '../../db/schema';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-errors';
import type { RequestContext } from '../../policies/context';
import { seesUnpublishedResults } from '../../policies/results';
import * as finance from '../finance/finance.api';
import { auditBase } from './results.actor';

const GATE_OFF = { enabled: false, minimumOwedKobo: 0 };

export async function feeGateOf(db: DbOrTx, schoolId: string): Promise<Omit<FeeGate, 'schoolId'>> {
  const [row] = await db
    .select({ enabled: resultFeeGates.enabled, minimumOwedKobo: resultFeeGates.minimumOwedKobo })
    .from(resultFeeGates)
    .where(eq(resultFeeGates.schoolId, schoolId))
    .limit(1);
  return row ?? GATE_OFF;
}

export async function saveFeeGate(app: FastifyInstance, ctx: RequestContext, schoolId: string, input: FeeGateInput): Promise<FeeGate> {
  await app.db.transaction(async (tx) => {
    const before = await feeGateOf(tx, schoolId);
    const values = { enabled: input.enabled, minimumOwedKobo: input.minimumOwedKobo, updatedByUserId: ctx.user.id, updatedAt: new Date() };
    await tx
      .insert(resultFeeGates)
      .values({ schoolId, ...values })
      .onConflictDoUpdate({ target: resultFeeGates.schoolId, set: values });
    await audit(tx, { ...auditBase(ctx, schoolId), action: 'results.fee_gate.update', entity: 'result_fee_gate', entityId: schoolId, before, after: input });
  });
  // what was just written: no need to read it back
  return { schoolId, enabled: input.enabled, minimumOwedKobo: input.minimumOwedKobo };
}

/** What a student owes when the gate withholds their results from this viewer; null when it does not. */
export async function withheldFor(db: DbOrTx, ctx: RequestContext, schoolId: string, studentId: string): Promise<{ owedKobo: number } | null> {
  if (seesUnpublishedResults(ctx)) return null;
  const owedKobo = (await withheldFromFamilies(db, schoolId, [studentId])).get(studentId);
  return owedKobo === undefined ? null : { owedKobo };
}

/** What each of these students owes whose results the gate withholds from their family (the others are left out). */
export async function withheldFromFamilies(db: DbOrTx, schoolId: string, studentIds: string[]): Promise<Map<string, number>> {
  const gate = await feeGateOf(db, schoolId);
  if (!gate.enabled || studentIds.length === 0) return new Map();
  const balances = await finance.studentBalances(db, { schoolId, studentIds });
  return new Map(balances.filter((b) => b.outstandingKobo > gate.minimumOwedKobo).map((b) => [b.studentId, b.outstandingKobo]));
}

/** 402 with the amount owed when the gate withholds a student's results from this viewer (a student or parent). */
export async function requireFeesCleared(db: DbOrTx, ctx: RequestContext, schoolId: string, studentId: string): Promise<void> {
  const withheld = await withheldFor(db, ctx, schoolId, studentId);
  if (withheld) throw new HttpError(402, feesOwedMessage(withheld.owedKobo), undefined, { feeGate: { studentId, owedKobo: withheld.owedKobo } });
}

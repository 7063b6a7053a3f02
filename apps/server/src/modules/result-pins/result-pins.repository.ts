import { DEFAULT_RESULT_SETTINGS } from '@school/shared/results/settings';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolRow } from '../../db/columns';
import { resultPinBatches, resultPins, resultPinUnlocks, resultSettings, students } from '../../db/schema';
import { accountsByIds } from '../../lib/accounts';

/**
 * The school's "require a PIN" result setting (the default until saved). Read here rather than through
 * the results module, which itself asks this module's PIN gate: no loop between the two.
 */
export async function requirePin(db: DbOrTx, schoolId: string): Promise<boolean> {
  const [row] = await db.select({ requirePin: resultSettings.requirePin }).from(resultSettings).where(eq(resultSettings.schoolId, schoolId)).limit(1);
  return row ? row.requirePin : DEFAULT_RESULT_SETTINGS.requirePin;
}

export async function insertBatch(tx: DbOrTx, values: typeof resultPinBatches.$inferInsert) {
  const [row] = await tx.insert(resultPinBatches).values(values).returning();
  return row;
}

export async function insertPins(tx: DbOrTx, values: Array<typeof resultPins.$inferInsert>) {
  return tx.insert(resultPins).values(values).returning({ id: resultPins.id });
}

/** Which of these hashes the school already holds (one query). */
export async function existingHashes(db: DbOrTx, schoolId: string, hashes: string[]) {
  if (hashes.length === 0) return new Set<string>();
  const rows = await db
    .select({ hash: resultPins.pinHash })
    .from(resultPins)
    .where(and(eq(resultPins.schoolId, schoolId), inArray(resultPins.pinHash, hashes)));
  return new Set(rows.map((r) => r.hash));
}

/**
 * The school's batches, newest first, with how many of their PINs have been used, and who made each
 * (two queries: the batches, then their makers' accounts by id; ADR 0026).
 */
export async function listBatches(db: DbOrTx, schoolId: string) {
  const rows = await db
    .select({
      id: resultPinBatches.id,
      quantity: resultPinBatches.quantity,
      maxViews: resultPinBatches.maxViews,
      note: resultPinBatches.note,
      createdAt: resultPinBatches.createdAt,
      createdByUserId: resultPinBatches.createdByUserId,
      // named in full: drizzle leaves the columns of a one-table select unqualified, which the sub-select would take as p's
      used: sql<number>`(select count(*)::int from result_pins p where p.school_id = result_pin_batches.school_id and p.batch_id = result_pin_batches.id and p.views_used > 0)`,
    })
    .from(resultPinBatches)
    .where(eq(resultPinBatches.schoolId, schoolId))
    .orderBy(desc(resultPinBatches.createdAt));
  const accounts = await accountsByIds(
    db,
    rows.map((r) => r.createdByUserId),
  );
  return rows.map(({ createdByUserId, used, ...row }) => ({
    ...row,
    createdBy: (createdByUserId ? accounts.get(createdByUserId)?.name : undefined) ?? null,
    used,
  }));
}

export async function findBatch(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select()
    .from(resultPinBatches)
    .where(and(eq(resultPinBatches.schoolId, schoolId), eq(resultPinBatches.id, id)))
    .limit(1);
  return row ?? null;
}

/** A batch's PINs with the student each is bound to (one query). */
export async function pinsOfBatch(db: DbOrTx, schoolId: string, batchId: string) {
  return db
    .select({
      id: resultPins.id,
      pin: resultPins.pin,
      maxViews: resultPins.maxViews,
      viewsUsed: resultPins.viewsUsed,
      studentId: resultPins.studentId,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      lastUsedAt: resultPins.lastUsedAt,
    })
    .from(resultPins)
    .leftJoin(students, schoolRow(students, resultPins.schoolId, resultPins.studentId))
    .where(and(eq(resultPins.schoolId, schoolId), eq(resultPins.batchId, batchId)))
    .orderBy(resultPins.pin);
}

export async function lockPinByHash(tx: DbOrTx, schoolId: string, pinHash: string) {
  const [row] = await tx
    .select()
    .from(resultPins)
    .where(and(eq(resultPins.schoolId, schoolId), eq(resultPins.pinHash, pinHash)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function usePin(tx: DbOrTx, schoolId: string, id: string, studentId: string) {
  const [row] = await tx
    .update(resultPins)
    .set({
      viewsUsed: sql`${resultPins.viewsUsed} + 1`,
      studentId,
      firstUsedAt: sql`coalesce(${resultPins.firstUsedAt}, now())`,
      lastUsedAt: sql`now()`,
    })
    .where(and(eq(resultPins.schoolId, schoolId), eq(resultPins.id, id)))
    .returning();
  return row;
}

export async function insertUnlock(tx: DbOrTx, values: typeof resultPinUnlocks.$inferInsert) {
  const [row] = await tx.insert(resultPinUnlocks).values(values).returning();
  return row;
}

/** The unexpired unlocks a user holds for a student, by term (one query). */
export async function activeUnlocks(db: DbOrTx, schoolId: string, studentId: string, userId: string, termIds: string[]) {
  if (termIds.length === 0) return [];
  return db
    .select({ termId: resultPinUnlocks.termId, expiresAt: resultPinUnlocks.expiresAt })
    .from(resultPinUnlocks)
    .where(
      and(
        eq(resultPinUnlocks.schoolId, schoolId),
        eq(resultPinUnlocks.studentId, studentId),
        eq(resultPinUnlocks.userId, userId),
        inArray(resultPinUnlocks.termId, termIds),
        gt(resultPinUnlocks.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(resultPinUnlocks.expiresAt));
}

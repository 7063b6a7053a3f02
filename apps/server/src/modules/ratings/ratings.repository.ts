/** The SQL of the ratings area: a school's traits and its students' ratings per term. Every statement names the school. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ratingTraits, studentRatings } from '../../db/schema';

/** Rows in pieces small enough for one statement's parameters. */
function chunks<T>(rows: T[], size = 2000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export type TraitRow = typeof ratingTraits.$inferSelect;

/** The school's traits, each domain in order (affective first), inactive ones included. */
export async function traitsOf(db: DbOrTx, schoolId: string): Promise<TraitRow[]> {
  return db
    .select()
    .from(ratingTraits)
    .where(eq(ratingTraits.schoolId, schoolId))
    .orderBy(asc(ratingTraits.domain), asc(ratingTraits.position), asc(ratingTraits.name));
}

/** Inserts traits, leaving any the school already has by that name (so that two first reads at once insert them once). */
export async function insertTraits(db: DbOrTx, rows: Array<typeof ratingTraits.$inferInsert>) {
  if (rows.length === 0) return;
  await db.insert(ratingTraits).values(rows).onConflictDoNothing();
}

/** Locks the school's traits for an edit (one edit at a time). */
export async function lockTraits(tx: DbOrTx, schoolId: string): Promise<TraitRow[]> {
  return tx.select().from(ratingTraits).where(eq(ratingTraits.schoolId, schoolId)).orderBy(asc(ratingTraits.domain), asc(ratingTraits.position)).for('update');
}

export async function updateTrait(tx: DbOrTx, schoolId: string, id: string, values: { name: string; position: number; active: boolean }) {
  await tx
    .update(ratingTraits)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(ratingTraits.schoolId, schoolId), eq(ratingTraits.id, id)));
}

export async function deleteTraits(tx: DbOrTx, schoolId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx.delete(ratingTraits).where(and(eq(ratingTraits.schoolId, schoolId), inArray(ratingTraits.id, ids)));
}

/** Of the given traits, those some student has a rating for. */
export async function ratedTraitIds(db: DbOrTx, schoolId: string, traitIds: string[]): Promise<Set<string>> {
  if (traitIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ traitId: studentRatings.traitId })
    .from(studentRatings)
    .where(and(eq(studentRatings.schoolId, schoolId), inArray(studentRatings.traitId, traitIds)));
  return new Set(rows.map((r) => r.traitId));
}

/** The ratings of the given students for a term (one query). */
export async function ratingsOf(db: DbOrTx, schoolId: string, termId: string, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({ studentId: studentRatings.studentId, traitId: studentRatings.traitId, rating: studentRatings.rating })
    .from(studentRatings)
    .where(and(eq(studentRatings.schoolId, schoolId), eq(studentRatings.termId, termId), inArray(studentRatings.studentId, studentIds)));
}

/** Sets ratings (insert or replace), in one statement. */
export async function upsertRatings(
  tx: DbOrTx,
  schoolId: string,
  termId: string,
  userId: string,
  rows: Array<{ studentId: string; traitId: string; rating: number }>,
) {
  for (const chunk of chunks(rows)) {
    await tx
      .insert(studentRatings)
      .values(chunk.map((r) => ({ schoolId, termId, studentId: r.studentId, traitId: r.traitId, rating: r.rating, updatedByUserId: userId })))
      .onConflictDoUpdate({
        target: [studentRatings.schoolId, studentRatings.termId, studentRatings.studentId, studentRatings.traitId],
        set: { rating: sql`excluded.rating`, updatedByUserId: sql`excluded.updated_by_user_id`, updatedAt: sql`now()` },
      });
  }
}

/** Clears ratings (the cells emptied), in one statement. */
export async function deleteRatings(tx: DbOrTx, schoolId: string, termId: string, cells: Array<{ studentId: string; traitId: string }>) {
  for (const chunk of chunks(cells)) {
    const pairs = sql.join(
      chunk.map((c) => sql`(${c.studentId}::uuid, ${c.traitId}::uuid)`),
      sql`, `,
    );
    await tx
      .delete(studentRatings)
      .where(
        and(
          eq(studentRatings.schoolId, schoolId),
          eq(studentRatings.termId, termId),
          sql`(${studentRatings.studentId}, ${studentRatings.traitId}) in (${pairs})`,
        ),
      );
  }
}

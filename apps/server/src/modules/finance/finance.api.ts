/** What the finance module offers other modules: a term's fee figures and students' balances (dashboards, reports). */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { feeItems } from '../../db/schema';

export { feesSummary, studentBalances } from './finance.repository';

/**
 * The total of a term's fee items for a class level (kobo), or null when none are set; the acceptance fee
 * (billed only to newly admitted students) is left out. One query.
 */
export async function feesOfTerm(db: DbOrTx, opts: { schoolId: string; termId: string; classLevel: string }): Promise<number | null> {
  const [row] = await db
    .select({ total: sql<number | null>`sum(${feeItems.amountKobo})::float8`, items: sql<number>`count(*)::int` })
    .from(feeItems)
    .where(
      and(eq(feeItems.schoolId, opts.schoolId), eq(feeItems.termId, opts.termId), eq(feeItems.classLevel, opts.classLevel), eq(feeItems.acceptance, false)),
    );
  return row && row.items > 0 ? Number(row.total) : null;
}

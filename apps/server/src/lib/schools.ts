import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { schools } from '../db/schema';

/**
 * The ids of an organisation's schools, from `schools` (a reference table). An organisation-wide read of
 * school tables names them one by one (`school_id in (…)`), rather than `in (select … from schools)`,
 * which a sharded database sends to every shard (ADR 0026).
 */
export async function organisationSchoolIds(db: DbOrTx, organisationId: string): Promise<string[]> {
  const rows = await db.select({ id: schools.id }).from(schools).where(eq(schools.organisationId, organisationId));
  return rows.map((r) => r.id);
}

/** The schools a request reaches: its own school, or (an owner without one) each of the organisation's. */
export async function schoolIdsOf(db: DbOrTx, actor: { schoolId: string | null; organisationId: string }): Promise<string[]> {
  return actor.schoolId ? [actor.schoolId] : organisationSchoolIds(db, actor.organisationId);
}

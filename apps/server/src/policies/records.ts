/**
 * Tenancy rules for records named in a URL: a record belongs to one school (or, for organisation-wide
 * records, one organisation). An actor reaches records of their own school; an owner, records of any
 * school of their organisation. A record of another school or organisation is answered 404.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import type { RequestContext } from './context';
import { record, type RecordKind, type RecordRule } from './policy';
import { organisationSchoolIds } from '../lib/schools';

type Actor = Pick<RequestContext, 'schoolId' | 'organisationId'>;

/**
 * The SQL condition "`column` is a school this actor works in": their school, or (an owner) each school of
 * their organisation by id, read first from `schools` (a reference table), so that the statement names its
 * schools on a distributed PostgreSQL (ADR 0026) rather than `in (select … from schools)`, which goes to
 * every shard. Null when the actor has no school at all (an organisation without schools): nothing is theirs.
 */
export async function schoolScope(db: DbOrTx, ctx: Actor, column: SQL): Promise<SQL | null> {
  if (ctx.schoolId) return sql`${column} = ${ctx.schoolId}`;
  const ids = await organisationSchoolIds(db, ctx.organisationId);
  if (ids.length === 0) return null;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

async function exists(db: DbOrTx, query: SQL): Promise<boolean> {
  return rowsOf(await db.execute(query)).length > 0;
}

/** Whether the row `id` of `table` (with a school_id) is in a school the actor works in. */
export async function inActorsSchool(db: DbOrTx, ctx: RequestContext, table: string, id: string): Promise<boolean> {
  const inSchool = await schoolScope(db, ctx, sql`t.school_id`);
  return inSchool !== null && exists(db, sql`select 1 from ${sql.identifier(table)} t where t.id = ${id} and ${inSchool} limit 1`);
}

/** Whether a bulk send (messages.batch_id) has messages in a school the actor works in. */
export async function batchInActorsSchools(db: DbOrTx, ctx: RequestContext, batchId: string): Promise<boolean> {
  const inSchool = await schoolScope(db, ctx, sql`t.school_id`);
  return inSchool !== null && exists(db, sql`select 1 from messages t where t.batch_id = ${batchId} and ${inSchool} limit 1`);
}

/** A record of one school: reachable by the actors of that school and the owners of its organisation. */
export function schoolRecord(kind: RecordKind, table: string): RecordRule {
  return record(kind, (db, ctx, id) => inActorsSchool(db, ctx, table, id));
}

/** A record of one organisation (cameras, organisation-wide uploads): reachable within the organisation. */
export function organisationRecord(kind: RecordKind, table: string): RecordRule {
  return record(kind, (db, ctx, id) =>
    exists(db, sql`select 1 from ${sql.identifier(table)} t where t.id = ${id} and t.organisation_id = ${ctx.organisationId} limit 1`),
  );
}

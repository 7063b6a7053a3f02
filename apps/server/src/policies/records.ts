/**
 * Tenancy rules for records named in a URL: a record belongs to one school (or, for organisation-wide
 * records, one organisation). An actor reaches records of their own school; an owner, records of any
 * school of their organisation. A record of another school or organisation is answered 404.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import type { RequestContext } from './context';
import { record, type RecordKind, type RecordRule } from './policy';

/** The SQL condition "`column` is a school this actor works in". */
export function schoolScope(ctx: Pick<RequestContext, 'schoolId' | 'organisationId'>, column: SQL): SQL {
  return ctx.schoolId ? sql`${column} = ${ctx.schoolId}` : sql`${column} in (select s.id from schools s where s.organisation_id = ${ctx.organisationId})`;
}

async function exists(db: DbOrTx, query: SQL): Promise<boolean> {
  return rowsOf(await db.execute(query)).length > 0;
}

/** Whether the row `id` of `table` (with a school_id) is in a school the actor works in. */
export function inActorsSchool(db: DbOrTx, ctx: RequestContext, table: string, id: string): Promise<boolean> {
  return exists(db, sql`select 1 from ${sql.identifier(table)} t where t.id = ${id} and ${schoolScope(ctx, sql`t.school_id`)} limit 1`);
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

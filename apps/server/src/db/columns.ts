/**
 * Column shapes every schema file repeats. They name no table, so any schema file may import them
 * without a cycle; the foreign-key columns that point at core tables (`schoolId()` …) live beside
 * those tables in schema-core.ts.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The primary key of most tables: a random UUID given by the database. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A moment in time, stored with its time zone so that every school reads it right. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written; set by the database. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed; set by the database on insert, by the code on update. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/**
 * The row of a school-group table that a column points at, as a join condition: the same school and that
 * id. On a distributed PostgreSQL a join between school tables must name the school on both sides
 * (ADR 0026), and once the keys are `(school_id, id)` it is also the join the index serves.
 * `innerJoin(terms, schoolRow(terms, scores.schoolId, scores.termId))`.
 */
export function schoolRow(table: { schoolId: AnyPgColumn; id: AnyPgColumn }, schoolId: AnyPgColumn, id: AnyPgColumn): SQL {
  return and(eq(table.schoolId, schoolId), eq(table.id, id))!;
}

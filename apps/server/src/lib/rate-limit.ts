import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';

// Rows of `rate_limits` live in the database so that limits hold across several app processes. Time
// is the app's clock (`now`, default the current time), passed to the database: one clock sets and
// compares every `reset_at`, and tests can move it.

interface CounterRow {
  count: number;
  reset_at: string | Date;
}

export interface Counter {
  count: number;
  resetAt: Date;
}

const counterOf = (row: CounterRow): Counter => ({ count: Number(row.count), resetAt: new Date(row.reset_at) });
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A fixed-window counter: returns the count after this hit and when the window resets. */
export async function hit(db: DbOrTx, key: string, windowMs: number, now = new Date()): Promise<Counter> {
  const resetAt = new Date(now.getTime() + windowMs);
  const result = await db.execute(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${at(resetAt)})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= ${at(now)} then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= ${at(now)} then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  return counterOf(rowsOf<CounterRow>(result)[0]);
}

/** Takes back one hit: attempts that turn out harmless (a successful sign-in) do not count. */
export async function refund(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** The counter under `key` while its window is open, else null. */
export async function peek(db: DbOrTx, key: string, now = new Date()): Promise<Counter | null> {
  const result = await db.execute(sql`select count, reset_at from rate_limits where key = ${key} and reset_at > ${at(now)}`);
  const row = rowsOf<CounterRow>(result)[0];
  return row ? counterOf(row) : null;
}

/**
 * A turn at something that must be spaced out: taken (the next turn waits until `until`) when no
 * earlier turn's wait is still running. One statement, so of parallel callers only one gets the turn.
 * Returns whether the turn was taken, and else when the running wait ends.
 */
export async function takeTurn(db: DbOrTx, key: string, until: Date, now = new Date()): Promise<{ taken: boolean; waitUntil: Date }> {
  const result = await db.execute(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${at(until)})
    on conflict (key) do update set count = rate_limits.count + 1, reset_at = excluded.reset_at
      where rate_limits.reset_at <= ${at(now)}
    returning reset_at`);
  if (rowsOf<CounterRow>(result).length > 0) return { taken: true, waitUntil: until };
  return { taken: false, waitUntil: (await peek(db, key, now))?.resetAt ?? now };
}

/** Forgets the given counters (a successful sign-in wipes the account's failures). */
export async function clear(db: DbOrTx, ...keys: string[]): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}

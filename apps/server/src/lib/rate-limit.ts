import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';

interface CounterRow {
  count: number;
  reset_at: string | Date;
}

/**
 * A fixed-window counter in the database, so that limits hold across several app processes.
 * Returns the count after this hit and when the window resets.
 */
export async function hit(db: DbOrTx, key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
  const resetAt = new Date(Date.now() + windowMs);
  const result = await db.execute(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${resetAt.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  const row = rowsOf<CounterRow>(result)[0];
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

export async function peek(db: DbOrTx, key: string): Promise<{ count: number; resetAt: Date } | null> {
  const result = await db.execute(
    sql`select count, reset_at from rate_limits where key = ${key} and reset_at > now()`,
  );
  const row = rowsOf<CounterRow>(result)[0];
  return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : null;
}

export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

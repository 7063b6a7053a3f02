import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/** What a screen shows of an account beside a school's rows: who wrote it, whether they can sign in. */
export interface AccountSummary {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  status: string;
  lastLoginAt: Date | null;
  hasPassword: boolean;
}

/**
 * The accounts with these ids, by id, in one statement over `users` alone. On a database sharded by
 * school (ADR 0026) accounts are spread by their own id, so a school's rows and the accounts they name
 * are read apart: the school's rows first, then this with the ids they hold (nulls and repeats are
 * skipped; no ids, no statement).
 */
export async function accountsByIds(db: DbOrTx, ids: ReadonlyArray<string | null | undefined>): Promise<Map<string, AccountSummary>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      status: users.status,
      lastLoginAt: users.lastLoginAt,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map(({ passwordHash, ...row }) => [row.id, { ...row, hasPassword: passwordHash !== null }]));
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import { ACCOUNT_REFERENCES, PLACEMENT } from '../db/placement';
import { userEmails, users } from '../db/schema';

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

/**
 * The account an e-mail address is (any case), or null: the first step of sign-in, invitations and every
 * "is this address taken" check, then `users` by that id (ADR 0026: user_emails is spread by the address).
 */
export async function accountIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ userId: userEmails.userId }).from(userEmails).where(eq(userEmails.email, email.trim().toLowerCase())).limit(1);
  return row?.userId ?? null;
}

/** PostgreSQL's answer when an address is someone else's already: the key of user_emails. */
export const EMAIL_TAKEN_CONSTRAINT = 'user_emails_pkey';

/**
 * Records that `email` is this account's, in the transaction that writes `users.email` (an account's
 * first address, or a new one: `previous` is then given back). Another account's address fails with a
 * unique violation on user_emails_pkey, as users_email_unique did.
 */
export async function claimEmail(db: DbOrTx, userId: string, email: string, previous?: string | null): Promise<void> {
  const address = email.trim().toLowerCase();
  const before = previous?.trim().toLowerCase();
  if (before === address) return;
  if (before) await db.delete(userEmails).where(and(eq(userEmails.email, before), eq(userEmails.userId, userId)));
  await db.insert(userEmails).values({ email: address, userId });
}

/** Gives an account's address back when the account is deleted (in the same transaction). */
export async function releaseEmail(db: DbOrTx, userId: string, email: string): Promise<void> {
  await db.delete(userEmails).where(and(eq(userEmails.email, email.trim().toLowerCase()), eq(userEmails.userId, userId)));
}

const schoolReferences = (onDelete: 'refuse' | 'delete') => ACCOUNT_REFERENCES.filter((r) => r.onDelete === onDelete && PLACEMENT[r.table]?.group === 'school');

/**
 * The first of the school's tables whose rows still hold the account and refuse its deletion (a
 * guardian's, a student's, a referrer's rows), or null. One statement, every table by the school (ADR 0026:
 * accounts have no foreign keys to stop a delete, so the delete asks).
 */
export async function accountHeldIn(db: DbOrTx, schoolId: string, userId: string): Promise<string | null> {
  const checks = schoolReferences('refuse').map(
    (r) =>
      sql`select ${r.table} as t where exists (select 1 from ${sql.identifier(r.table)} x where x.school_id = ${schoolId} and x.${sql.identifier(r.column)} = ${userId})`,
  );
  const [held] = rowsOf<{ t: string }>(await db.execute(sql.join(checks, sql` union all `)));
  return held?.t ?? null;
}

/** Deletes the school's rows that go with a deleted account (its notice reads, its PIN uses). */
export async function clearAccountRows(db: DbOrTx, schoolId: string, userId: string): Promise<void> {
  for (const r of schoolReferences('delete')) {
    await db.execute(sql`delete from ${sql.identifier(r.table)} where school_id = ${schoolId} and ${sql.identifier(r.column)} = ${userId}`);
  }
}

import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions, organisations, organisationSettings, passwordResetTokens, schools, students, users } from '../../db/schema';
import { accountIdByEmail } from '../../lib/accounts';

/** The account signing in with this address (any case): found in user_emails, then read by its id (ADR 0026). */
export async function findUserForLogin(db: DbOrTx, email: string) {
  const userId = await accountIdByEmail(db, email);
  if (!userId) return null;
  const [row] = await db
    .select({
      user: users,
      organisationStatus: organisations.status,
      organisationName: organisations.name,
      schoolStatus: schools.status,
      schoolName: schools.name,
      settings: organisationSettings.settings,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(organisationSettings, eq(organisationSettings.organisationId, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ user: users, settings: organisationSettings.settings })
    .from(users)
    .leftJoin(organisationSettings, eq(organisationSettings.organisationId, users.organisationId))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** A student account's own student record, in the account's school. */
export async function findStudentIdForUser(db: DbOrTx, user: { id: string; schoolId: string | null }): Promise<string | null> {
  if (!user.schoolId) return null;
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, user.schoolId), eq(students.userId, user.id)))
    .limit(1);
  return row?.id ?? null;
}

export async function recordSuccessfulLogin(db: DbOrTx, userId: string) {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date() }).where(eq(users.id, userId));
}

export async function createSession(db: DbOrTx, values: typeof authSessions.$inferInsert) {
  await db.insert(authSessions).values(values);
}

export async function deleteSession(db: DbOrTx, userId: string, tokenHash: string) {
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), eq(authSessions.tokenHash, tokenHash)));
}

/** The school an owner's session runs as its administrator (ADR 0038), or none. */
export async function setActingSchool(db: DbOrTx, userId: string, tokenHash: string, schoolId: string | null) {
  await db
    .update(authSessions)
    .set({ actingSchoolId: schoolId })
    .where(and(eq(authSessions.userId, userId), eq(authSessions.tokenHash, tokenHash)));
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string, exceptTokenHash?: string) {
  await db
    .delete(authSessions)
    .where(exceptTokenHash ? and(eq(authSessions.userId, userId), ne(authSessions.tokenHash, exceptTokenHash)) : eq(authSessions.userId, userId));
}

export async function setPassword(db: DbOrTx, userId: string, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: new Date(), failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function createResetToken(db: DbOrTx, values: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(values);
}

/** Marks a usable token of this account used, atomically: a token works once. False when there is none. */
export async function consumeResetToken(db: DbOrTx, userId: string, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return rows.length > 0;
}

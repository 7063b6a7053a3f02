import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { academicSessions, schools, terms, users } from '../../db/schema';

/** The school whose academic calendar a user works in; a super administrator uses the organisation's first school. */
export async function schoolIdForUser(db: DbOrTx, user: { schoolId: string | null; organisationId: string }): Promise<string | null> {
  if (user.schoolId) return user.schoolId;
  const [row] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.organisationId, user.organisationId))
    .orderBy(asc(schools.createdAt), asc(schools.name))
    .limit(1);
  return row?.id ?? null;
}

export async function listSessionsWithTerms(db: DbOrTx, schoolId: string) {
  const sessions = await db
    .select({ id: academicSessions.id, name: academicSessions.name, status: academicSessions.status })
    .from(academicSessions)
    .where(eq(academicSessions.schoolId, schoolId))
    .orderBy(desc(academicSessions.name));
  if (sessions.length === 0) return [];
  const termRows = await db
    .select()
    .from(terms)
    .where(
      and(
        eq(terms.schoolId, schoolId),
        inArray(
          terms.academicSessionId,
          sessions.map((s) => s.id),
        ),
      ),
    )
    .orderBy(asc(terms.startDate));
  return sessions.map((s) => ({
    ...s,
    terms: termRows
      .filter((t) => t.academicSessionId === s.id)
      .map((t) => ({ id: t.id, name: t.name, startDate: t.startDate, endDate: t.endDate, isCurrent: t.isCurrent })),
  }));
}

export async function findSessionInSchool(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select()
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, id)))
    .limit(1);
  return row ?? null;
}

/** Which of these schools a session belongs to (null for an id none of them has). */
export async function schoolIdOfSession(db: DbOrTx, schoolIds: string[], id: string): Promise<string | null> {
  if (schoolIds.length === 0) return null;
  const [row] = await db
    .select({ schoolId: academicSessions.schoolId })
    .from(academicSessions)
    .where(and(inArray(academicSessions.schoolId, schoolIds), eq(academicSessions.id, id)))
    .limit(1);
  return row?.schoolId ?? null;
}

export async function findActiveSession(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select()
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.status, 'Active')))
    .limit(1);
  return row ?? null;
}

export async function setSelectedSession(db: DbOrTx, userId: string, academicSessionId: string) {
  await db.update(users).set({ selectedAcademicSessionId: academicSessionId }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------- managing sessions and terms (settings)

export type SessionRow = typeof academicSessions.$inferSelect;

export async function findSchoolInOrganisation(db: DbOrTx, organisationId: string, schoolId: string) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(eq(schools.organisationId, organisationId), eq(schools.id, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function listSchoolsOfOrganisation(db: DbOrTx, organisationId: string) {
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(eq(schools.organisationId, organisationId))
    .orderBy(asc(schools.createdAt), asc(schools.name));
}

/** Serialises changes to a school's sessions and terms (one Active session, one current term). */
export async function lockSchool(tx: DbOrTx, schoolId: string) {
  await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
}

export async function findSessionByName(db: DbOrTx, schoolId: string, name: string) {
  const [row] = await db
    .select()
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.name, name)))
    .limit(1);
  return row ?? null;
}

export async function insertSession(tx: DbOrTx, values: { schoolId: string; name: string; status: string }) {
  const [row] = await tx.insert(academicSessions).values(values).returning();
  return row;
}

export async function setSessionStatus(tx: DbOrTx, schoolId: string, id: string, status: string) {
  const [row] = await tx
    .update(academicSessions)
    .set({ status })
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, id)))
    .returning();
  return row;
}

/** Makes the school's Active session (other than `exceptId`) Inactive; answers the rows changed. */
export async function deactivateActiveSessions(tx: DbOrTx, schoolId: string, exceptId: string) {
  return tx
    .update(academicSessions)
    .set({ status: 'Inactive' })
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.status, 'Active'), ne(academicSessions.id, exceptId)))
    .returning();
}

export async function termsOfSession(db: DbOrTx, schoolId: string, academicSessionId: string) {
  return db
    .select()
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.academicSessionId, academicSessionId)))
    .orderBy(asc(terms.startDate));
}

export async function insertTerms(
  tx: DbOrTx,
  rows: Array<{ schoolId: string; academicSessionId: string; name: string; startDate: string; endDate: string; isCurrent?: boolean }>,
) {
  if (rows.length === 0) return [];
  return tx.insert(terms).values(rows).returning();
}

export async function setTermDates(tx: DbOrTx, schoolId: string, termId: string, dates: { startDate: string; endDate: string }) {
  const [row] = await tx
    .update(terms)
    .set(dates)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.id, termId)))
    .returning();
  return row;
}

export async function findCurrentTerm(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select()
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.isCurrent, true)))
    .limit(1);
  return row ?? null;
}

/** Makes `termId` the school's one current term (clearing the old one first, for the partial unique index). */
export async function makeTermCurrent(tx: DbOrTx, schoolId: string, termId: string) {
  await tx
    .update(terms)
    .set({ isCurrent: false })
    .where(and(eq(terms.schoolId, schoolId), eq(terms.isCurrent, true), ne(terms.id, termId)));
  const [row] = await tx
    .update(terms)
    .set({ isCurrent: true })
    .where(and(eq(terms.schoolId, schoolId), eq(terms.id, termId)))
    .returning();
  return row;
}

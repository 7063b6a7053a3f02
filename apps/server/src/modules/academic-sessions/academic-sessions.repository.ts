import { and, asc, desc, eq, inArray } from 'drizzle-orm';
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
    .where(and(eq(terms.schoolId, schoolId), inArray(terms.academicSessionId, sessions.map((s) => s.id))))
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

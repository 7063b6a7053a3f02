/**
 * What the academics module offers other modules: look-ups of terms, classes, subjects and who teaches
 * what, each one query. Ids are uuids: the callers' schemas turn any other value sent into NO_RECORD
 * (`lookupIdField`, @school/shared/fields), which finds nothing.
 */
import { sortByClass } from '@school/shared/constants';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolRow } from '../../db/columns';
import { academicSessions, classes, classSubjects, subjects, terms } from '../../db/schema';
import { listClassSubjects } from './academics.repository';

/** Enrolled students per class of a session (all its classes, or `classIds`). */
export { enrolmentCounts } from './academics.repository';

/** The school's term `id` with its session's name, or null. */
export async function findTerm(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select({
      id: terms.id,
      name: terms.name,
      academicSessionId: terms.academicSessionId,
      startDate: terms.startDate,
      endDate: terms.endDate,
      isCurrent: terms.isCurrent,
      sessionName: academicSessions.name,
    })
    .from(terms)
    .innerJoin(academicSessions, schoolRow(academicSessions, terms.schoolId, terms.academicSessionId))
    .where(and(eq(terms.schoolId, schoolId), eq(terms.id, id)))
    .limit(1);
  return row ?? null;
}

/** A session's terms in date order. */
export async function termsOfSession(db: DbOrTx, schoolId: string, academicSessionId: string) {
  return db
    .select({ id: terms.id, name: terms.name, isCurrent: terms.isCurrent })
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.academicSessionId, academicSessionId)))
    .orderBy(asc(terms.startDate));
}

/** The school's class `id`, or null. */
export async function findClass(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select({ id: classes.id, academicSessionId: classes.academicSessionId, level: classes.level, arm: classes.arm, classTeacherId: classes.classTeacherId })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)))
    .limit(1);
  return row ?? null;
}

/** The school's subject `id`, or null. */
export async function findSubject(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, id)))
    .limit(1);
  return row ?? null;
}

/** The class subjects of a session with their teacher's name, by subject name: all of them, or the ones `teacherId` teaches. */
export function classSubjectsOfSession(db: DbOrTx, schoolId: string, academicSessionId: string, teacherId?: string) {
  return listClassSubjects(db, schoolId, { academicSessionId, teacherId });
}

/** Who teaches each subject of a class: subject id → the teacher's name (null: no teacher assigned). One query. */
export async function subjectTeachersOfClass(db: DbOrTx, schoolId: string, classId: string): Promise<Map<string, string | null>> {
  const rows = await listClassSubjects(db, schoolId, { classIds: [classId] });
  return new Map(rows.map((r) => [r.subjectId, r.teacherName]));
}

/**
 * The classes of a session a teacher works with: those they teach a subject in or are class teacher
 * of (all the session's classes when `teacherId` is absent).
 */
export async function classesOfSession(db: DbOrTx, schoolId: string, academicSessionId: string, teacherId?: string) {
  const teaching = teacherId
    ? or(
        eq(classes.classTeacherId, teacherId),
        inArray(
          classes.id,
          db
            .select({ id: classSubjects.classId })
            .from(classSubjects)
            .where(and(eq(classSubjects.schoolId, schoolId), eq(classSubjects.teacherId, teacherId))),
        ),
      )
    : undefined;
  const rows = await db
    .select({ id: classes.id, level: classes.level, arm: classes.arm, classTeacherId: classes.classTeacherId })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicSessionId, academicSessionId), teaching));
  return sortByClass(rows);
}

/** Whether the staff member teaches `subjectId` in `classId`. */
export async function teaches(db: DbOrTx, schoolId: string, staffId: string, classId: string, subjectId: string) {
  const [row] = await db
    .select({ id: classSubjects.id })
    .from(classSubjects)
    .where(
      and(
        eq(classSubjects.schoolId, schoolId),
        eq(classSubjects.classId, classId),
        eq(classSubjects.subjectId, subjectId),
        eq(classSubjects.teacherId, staffId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

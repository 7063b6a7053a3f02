/**
 * Shared look-ups of the report-card area's modules (assignments, teacher comments, result PINs, report
 * cards): a user's staff record, terms, classes, subjects, the classes a teacher teaches and the class
 * a student is in for a term. Each function is one query. Who may see which student is decided in
 * policies/students.ts, not here.
 */
import { classLevelRank, sortByClass } from '@school/shared/constants';

export { classLevelRank as classRank, sortByClass };
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { academicSessions, classes, classSubjects, enrolments, staff, students, subjects, terms } from '../../db/schema';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export const className = (level: string, arm: string) => `${level} ${arm}`;
export const studentName = (s: { firstName: string; lastName: string; middleName?: string | null }) =>
  [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' ');

export async function staffForUser(db: DbOrTx, schoolId: string, userId: string) {
  const [row] = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findTerm(db: DbOrTx, schoolId: string, id: string) {
  if (!isUuid(id)) return null;
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
    .innerJoin(academicSessions, eq(academicSessions.id, terms.academicSessionId))
    .where(and(eq(terms.schoolId, schoolId), eq(terms.id, id)))
    .limit(1);
  return row ?? null;
}

export async function termsOfSession(db: DbOrTx, schoolId: string, academicSessionId: string) {
  return db
    .select({ id: terms.id, name: terms.name, isCurrent: terms.isCurrent })
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.academicSessionId, academicSessionId)))
    .orderBy(asc(terms.startDate));
}

export async function findClass(db: DbOrTx, schoolId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: classes.id, academicSessionId: classes.academicSessionId, level: classes.level, arm: classes.arm, classTeacherId: classes.classTeacherId })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findSubject(db: DbOrTx, schoolId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, id)))
    .limit(1);
  return row ?? null;
}

/** The class subjects of a session: all of them, or the ones `teacherId` teaches. */
export async function classSubjectsOfSession(db: DbOrTx, schoolId: string, academicSessionId: string, teacherId?: string) {
  return db
    .select({ classId: classes.id, level: classes.level, arm: classes.arm, subjectId: subjects.id, subjectName: subjects.name, teacherId: classSubjects.teacherId })
    .from(classSubjects)
    .innerJoin(classes, and(eq(classes.schoolId, classSubjects.schoolId), eq(classes.id, classSubjects.classId)))
    .innerJoin(subjects, and(eq(subjects.schoolId, classSubjects.schoolId), eq(subjects.id, classSubjects.subjectId)))
    .where(
      and(
        eq(classSubjects.schoolId, schoolId),
        eq(classes.academicSessionId, academicSessionId),
        teacherId ? eq(classSubjects.teacherId, teacherId) : undefined,
      ),
    );
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

/** The students enrolled in the given classes, by name. */
export async function studentsOfClasses(db: DbOrTx, schoolId: string, classIds: string[]) {
  if (classIds.length === 0) return [];
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      registrationNo: students.registrationNo,
      photoPath: students.photoPath,
      classId: enrolments.classId,
    })
    .from(enrolments)
    .innerJoin(students, and(eq(students.schoolId, enrolments.schoolId), eq(students.id, enrolments.studentId)))
    .where(and(eq(enrolments.schoolId, schoolId), inArray(enrolments.classId, classIds)))
    .orderBy(asc(students.lastName), asc(students.firstName));
}

/** The student and the class they are enrolled in for the session of `academicSessionId` (null: not enrolled). */
export async function studentInSession(db: DbOrTx, schoolId: string, studentId: string, academicSessionId: string) {
  if (!isUuid(studentId)) return null;
  const [row] = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      registrationNo: students.registrationNo,
      gender: students.gender,
      classId: classes.id,
      level: classes.level,
      arm: classes.arm,
      classTeacherId: classes.classTeacherId,
    })
    .from(students)
    .leftJoin(
      enrolments,
      and(eq(enrolments.schoolId, students.schoolId), eq(enrolments.studentId, students.id), eq(enrolments.academicSessionId, academicSessionId)),
    )
    .leftJoin(classes, eq(classes.id, enrolments.classId))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)))
    .limit(1);
  return row ?? null;
}

export async function gendersOf(db: DbOrTx, schoolId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: students.id, gender: students.gender })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, ids)));
}

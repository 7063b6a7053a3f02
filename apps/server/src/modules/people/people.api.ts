/**
 * The people module: look-ups of students and staff that other modules need (a user's staff record,
 * the students of classes, the class a student is in for a session), each one query. Names are
 * written by lib/names.ts `personName`. Who may see which student is decided in
 * policies/students.ts, not here.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolRow } from '../../db/columns';
import { classes, enrolments, staff, students } from '../../db/schema';

/** The signed-in user's staff record in the school (null for users who are not staff). */
export async function staffForUser(db: DbOrTx, schoolId: string, userId: string) {
  const [row] = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.userId, userId)))
    .limit(1);
  return row ?? null;
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
    .leftJoin(classes, schoolRow(classes, enrolments.schoolId, enrolments.classId))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)))
    .limit(1);
  return row ?? null;
}

/** The gender and the passport photo (its upload's id, or null) of each of the students `ids` (one query for any number). */
export async function gendersOf(db: DbOrTx, schoolId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: students.id, gender: students.gender, photoPath: students.photoPath })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, ids)));
}

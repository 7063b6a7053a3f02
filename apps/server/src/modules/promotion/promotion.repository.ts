import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { academicSessions, classes, enrolments, schools, students } from '../../db/schema';

export async function findSession(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select({ id: academicSessions.id, name: academicSessions.name })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, id)))
    .limit(1);
  return row ?? null;
}

export type ClassRow = { id: string; level: string; arm: string; classTeacherId: string | null };

export async function classesOfSession(db: DbOrTx, schoolId: string, sessionId: string): Promise<ClassRow[]> {
  return db
    .select({ id: classes.id, level: classes.level, arm: classes.arm, classTeacherId: classes.classTeacherId })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicSessionId, sessionId)));
}

/** Per class of the source session: enrolled students, and how many of them have a class in the target session. */
export async function classCounts(db: DbOrTx, schoolId: string, fromSessionId: string, toSessionId: string) {
  const rows = await db.execute(sql`
    select e.class_id,
           count(*)::int as students,
           count(*) filter (where t.id is not null or s.status = 'graduated')::int as placed
      from enrolments e
      join students s on s.id = e.student_id and s.school_id = e.school_id
      left join enrolments t on t.school_id = e.school_id and t.student_id = e.student_id and t.academic_session_id = ${toSessionId}
     where e.school_id = ${schoolId} and e.academic_session_id = ${fromSessionId}
     group by e.class_id`);
  return new Map(
    rowsOf<{ class_id: string; students: number; placed: number }>(rows).map((r) => [r.class_id, { students: Number(r.students), placed: Number(r.placed) }]),
  );
}

export interface StudentRow {
  studentId: string;
  classId: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  registrationNo: string;
  status: string;
  placedClassId: string | null;
}

/** Students enrolled in the given classes of the source session, with their class in the target session if any. */
export async function studentsOfClasses(db: DbOrTx, schoolId: string, fromSessionId: string, toSessionId: string, classIds: string[]): Promise<StudentRow[]> {
  if (classIds.length === 0) return [];
  const target = db
    .select({ studentId: enrolments.studentId, classId: enrolments.classId })
    .from(enrolments)
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.academicSessionId, toSessionId)))
    .as('target');
  return db
    .select({
      studentId: students.id,
      classId: enrolments.classId,
      firstName: students.firstName,
      lastName: students.lastName,
      middleName: students.middleName,
      registrationNo: students.registrationNo,
      status: students.status,
      placedClassId: target.classId,
    })
    .from(enrolments)
    .innerJoin(students, and(eq(students.id, enrolments.studentId), eq(students.schoolId, enrolments.schoolId)))
    .leftJoin(target, eq(target.studentId, enrolments.studentId))
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.academicSessionId, fromSessionId), inArray(enrolments.classId, classIds)))
    .orderBy(students.lastName, students.firstName);
}

/** Serialises promotion runs of one school (two administrators pressing Promote at once). */
export async function lockSchool(db: DbOrTx, schoolId: string) {
  await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
}

export async function insertClass(db: DbOrTx, values: { schoolId: string; academicSessionId: string; level: string; arm: string }) {
  const [row] = await db
    .insert(classes)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: classes.id, level: classes.level, arm: classes.arm, classTeacherId: classes.classTeacherId });
  return row ?? null;
}

/** A new class takes the subjects (and subject teachers) of the class it continues. */
export async function copySubjects(db: DbOrTx, schoolId: string, fromClassId: string, toClassId: string) {
  await db.execute(sql`
    insert into class_subjects (school_id, class_id, subject_id, teacher_id)
    select school_id, ${toClassId}, subject_id, teacher_id from class_subjects
     where school_id = ${schoolId} and class_id = ${fromClassId}
    on conflict do nothing`);
}

export async function enrol(db: DbOrTx, rows: Array<{ schoolId: string; academicSessionId: string; classId: string; studentId: string }>) {
  if (rows.length === 0) return [];
  return db.insert(enrolments).values(rows).onConflictDoNothing().returning({ studentId: enrolments.studentId, classId: enrolments.classId });
}

export async function graduate(db: DbOrTx, schoolId: string, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return db
    .update(students)
    .set({ status: 'graduated', updatedAt: new Date() })
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds), eq(students.status, 'active')))
    .returning({ id: students.id });
}

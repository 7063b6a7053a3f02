import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { academicSessions, classes, classSubjects, enrolments, staff, students, subjects, timetableSlots } from '../../db/schema';

/** Every read here is a fixed number of queries, whatever the number of slots (no N+1). */

export type ClassRow = { id: string; academicSessionId: string; level: string; arm: string; classTeacherId: string | null };

const classColumns = {
  id: classes.id,
  academicSessionId: classes.academicSessionId,
  level: classes.level,
  arm: classes.arm,
  classTeacherId: classes.classTeacherId,
};

export async function findClass(db: DbOrTx, schoolId: string, classId: string): Promise<ClassRow | null> {
  const [row] = await db
    .select(classColumns)
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)))
    .limit(1);
  return row ?? null;
}

/** The classes of a session with their class teacher's name and how many slots are filled. */
export async function listClassesOfSession(db: DbOrTx, schoolId: string, academicSessionId: string) {
  const filled = db
    .select({ classId: timetableSlots.classId, filled: count().as('filled') })
    .from(timetableSlots)
    .where(and(eq(timetableSlots.schoolId, schoolId), eq(timetableSlots.academicSessionId, academicSessionId)))
    .groupBy(timetableSlots.classId)
    .as('filled');
  return db
    .select({ ...classColumns, classTeacherName: staff.name, filledSlots: filled.filled })
    .from(classes)
    .leftJoin(staff, and(eq(staff.schoolId, classes.schoolId), eq(staff.id, classes.classTeacherId)))
    .leftJoin(filled, eq(filled.classId, classes.id))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicSessionId, academicSessionId)));
}

export async function listClassSubjects(db: DbOrTx, schoolId: string, classId: string) {
  return db
    .select({
      classSubjectId: classSubjects.id,
      subjectId: subjects.id,
      subjectName: subjects.name,
      teacherId: classSubjects.teacherId,
      teacherName: staff.name,
    })
    .from(classSubjects)
    .innerJoin(subjects, and(eq(subjects.schoolId, classSubjects.schoolId), eq(subjects.id, classSubjects.subjectId)))
    .leftJoin(staff, and(eq(staff.schoolId, classSubjects.schoolId), eq(staff.id, classSubjects.teacherId)))
    .where(and(eq(classSubjects.schoolId, schoolId), eq(classSubjects.classId, classId)))
    .orderBy(asc(subjects.name));
}

export async function findClassSubject(db: DbOrTx, schoolId: string, classSubjectId: string) {
  const [row] = await db
    .select({
      id: classSubjects.id,
      classId: classSubjects.classId,
      subjectId: classSubjects.subjectId,
      subjectName: subjects.name,
      teacherId: classSubjects.teacherId,
      teacherName: staff.name,
    })
    .from(classSubjects)
    .innerJoin(subjects, and(eq(subjects.schoolId, classSubjects.schoolId), eq(subjects.id, classSubjects.subjectId)))
    .leftJoin(staff, and(eq(staff.schoolId, classSubjects.schoolId), eq(staff.id, classSubjects.teacherId)))
    .where(and(eq(classSubjects.schoolId, schoolId), eq(classSubjects.id, classSubjectId)))
    .limit(1);
  return row ?? null;
}

const slotColumns = {
  id: timetableSlots.id,
  classId: timetableSlots.classId,
  day: timetableSlots.day,
  hour: timetableSlots.hour,
  classSubjectId: timetableSlots.classSubjectId,
  subjectId: subjects.id,
  subjectName: subjects.name,
  subjectCode: subjects.code,
  teacherId: timetableSlots.teacherId,
  teacherName: staff.name,
  classLevel: classes.level,
  classArm: classes.arm,
};
export type SlotRow = {
  id: string;
  classId: string;
  day: number;
  hour: number;
  classSubjectId: string;
  subjectId: string;
  subjectName: string;
  subjectCode: string;
  teacherId: string | null;
  teacherName: string | null;
  classLevel: string;
  classArm: string;
};

function slotsQuery(db: DbOrTx) {
  return db
    .select(slotColumns)
    .from(timetableSlots)
    .innerJoin(classSubjects, and(eq(classSubjects.schoolId, timetableSlots.schoolId), eq(classSubjects.id, timetableSlots.classSubjectId)))
    .innerJoin(subjects, and(eq(subjects.schoolId, classSubjects.schoolId), eq(subjects.id, classSubjects.subjectId)))
    .innerJoin(classes, and(eq(classes.schoolId, timetableSlots.schoolId), eq(classes.id, timetableSlots.classId)))
    .leftJoin(staff, and(eq(staff.schoolId, timetableSlots.schoolId), eq(staff.id, timetableSlots.teacherId)));
}

export async function listSlotsOfClass(db: DbOrTx, schoolId: string, classId: string): Promise<SlotRow[]> {
  return slotsQuery(db)
    .where(and(eq(timetableSlots.schoolId, schoolId), eq(timetableSlots.classId, classId)))
    .orderBy(asc(timetableSlots.day), asc(timetableSlots.hour));
}

export async function listSlotsOfTeacher(db: DbOrTx, schoolId: string, academicSessionId: string, teacherId: string): Promise<SlotRow[]> {
  return slotsQuery(db)
    .where(and(eq(timetableSlots.schoolId, schoolId), eq(timetableSlots.academicSessionId, academicSessionId), eq(timetableSlots.teacherId, teacherId)))
    .orderBy(asc(timetableSlots.day), asc(timetableSlots.hour));
}

export async function findSlot(db: DbOrTx, schoolId: string, classId: string, day: number, hour: number): Promise<SlotRow | null> {
  const [row] = await slotsQuery(db)
    .where(and(eq(timetableSlots.schoolId, schoolId), eq(timetableSlots.classId, classId), eq(timetableSlots.day, day), eq(timetableSlots.hour, hour)))
    .limit(1);
  return row ?? null;
}

/** Where a teacher is already booked at a day and hour of a session, in a class other than `exceptClassId`. */
export async function findTeacherBooking(
  db: DbOrTx,
  where: { schoolId: string; academicSessionId: string; teacherId: string; day: number; hour: number; exceptClassId: string },
) {
  const [row] = await db
    .select({ teacherName: staff.name, classLevel: classes.level, classArm: classes.arm })
    .from(timetableSlots)
    .innerJoin(classes, and(eq(classes.schoolId, timetableSlots.schoolId), eq(classes.id, timetableSlots.classId)))
    .innerJoin(staff, and(eq(staff.schoolId, timetableSlots.schoolId), eq(staff.id, timetableSlots.teacherId)))
    .where(
      and(
        eq(timetableSlots.schoolId, where.schoolId),
        eq(timetableSlots.academicSessionId, where.academicSessionId),
        eq(timetableSlots.teacherId, where.teacherId),
        eq(timetableSlots.day, where.day),
        eq(timetableSlots.hour, where.hour),
        ne(timetableSlots.classId, where.exceptClassId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function upsertSlot(
  tx: DbOrTx,
  values: { schoolId: string; academicSessionId: string; classId: string; day: number; hour: number; classSubjectId: string; teacherId: string | null },
) {
  const [row] = await tx
    .insert(timetableSlots)
    .values(values)
    .onConflictDoUpdate({
      target: [timetableSlots.schoolId, timetableSlots.classId, timetableSlots.day, timetableSlots.hour],
      set: { classSubjectId: values.classSubjectId, teacherId: values.teacherId, updatedAt: sql`now()` },
    })
    .returning({ id: timetableSlots.id });
  return row.id;
}

export async function deleteSlot(tx: DbOrTx, schoolId: string, classId: string, day: number, hour: number) {
  await tx
    .delete(timetableSlots)
    .where(and(eq(timetableSlots.schoolId, schoolId), eq(timetableSlots.classId, classId), eq(timetableSlots.day, day), eq(timetableSlots.hour, hour)));
}

// ---------------------------------------------------------------- people

export async function staffForUser(db: DbOrTx, schoolId: string, userId: string) {
  const [row] = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.userId, userId)))
    .limit(1);
  return row ?? null;
}

const studentColumns = { id: students.id, schoolId: students.schoolId, firstName: students.firstName, lastName: students.lastName };
export type StudentRef = { id: string; schoolId: string; firstName: string; lastName: string };

export async function findStudentInSchool(db: DbOrTx, schoolId: string, studentId: string): Promise<StudentRef | null> {
  const [row] = await db
    .select(studentColumns)
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)))
    .limit(1);
  return row ?? null;
}

/** The session of `schoolId` named `name` (a guardian looking at a child in another school), else its Active one. */
export async function sessionOfSchool(db: DbOrTx, schoolId: string, name: string | null) {
  const rows = await db
    .select({ id: academicSessions.id, name: academicSessions.name, status: academicSessions.status })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), or(eq(academicSessions.status, 'Active'), name ? eq(academicSessions.name, name) : undefined)));
  return rows.find((r) => r.name === name) ?? rows.find((r) => r.status === 'Active') ?? null;
}

/** The class a student is enrolled in for a session. */
export async function enrolledClass(db: DbOrTx, schoolId: string, academicSessionId: string, studentId: string): Promise<ClassRow | null> {
  const [row] = await db
    .select(classColumns)
    .from(enrolments)
    .innerJoin(classes, and(eq(classes.schoolId, enrolments.schoolId), eq(classes.id, enrolments.classId)))
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.academicSessionId, academicSessionId), eq(enrolments.studentId, studentId)))
    .limit(1);
  return row ?? null;
}

import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { academicSessions, classes, classSubjects, enrolments, staff, students, subjects } from '../../db/schema';

/** Every list here is a fixed number of queries, whatever the number of rows (no N+1). */

export type SubjectRow = typeof subjects.$inferSelect;

// ---------------------------------------------------------------- people

export async function listTeachers(db: DbOrTx, schoolId: string) {
  return db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.staffType, 'Teacher'), eq(staff.status, 'active')))
    .orderBy(asc(staff.name));
}

/** The active Teacher-type staff member `id` of the school, or null. */
export async function findTeacher(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.id, id), eq(staff.staffType, 'Teacher'), eq(staff.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** The Teacher-type staff among `ids` (one query for any number). */
export async function findTeachers(db: DbOrTx, schoolId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), inArray(staff.id, ids), eq(staff.staffType, 'Teacher'), eq(staff.status, 'active')));
}

/** Every staff member of the school, whatever their type or status (to find a teacher by email or name, and say why one cannot teach). */
export async function listStaffMembers(db: DbOrTx, schoolId: string) {
  return db
    .select({ id: staff.id, name: staff.name, email: staff.email, staffType: staff.staffType, status: staff.status })
    .from(staff)
    .where(eq(staff.schoolId, schoolId))
    .orderBy(asc(staff.name));
}

export async function staffIdForUser(db: DbOrTx, schoolId: string, userId: string) {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.userId, userId)))
    .limit(1);
  return row?.id ?? null;
}

export async function findStudentInSchool(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, id)))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- classes

/** The condition "the class is one of these" (a teacher's or a family's classes). */
export function classesAmong(ids: string[]): SQL {
  return inArray(classes.id, ids);
}

const classColumns = {
  id: classes.id,
  schoolId: classes.schoolId,
  academicSessionId: classes.academicSessionId,
  level: classes.level,
  arm: classes.arm,
  classTeacherId: classes.classTeacherId,
  classTeacherName: staff.name,
};
export type ClassWithTeacher = {
  id: string;
  schoolId: string;
  academicSessionId: string;
  level: string;
  arm: string;
  classTeacherId: string | null;
  classTeacherName: string | null;
};

export async function listClasses(db: DbOrTx, schoolId: string, academicSessionId: string, extra?: SQL): Promise<ClassWithTeacher[]> {
  return db
    .select(classColumns)
    .from(classes)
    .leftJoin(staff, and(eq(staff.schoolId, classes.schoolId), eq(staff.id, classes.classTeacherId)))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicSessionId, academicSessionId), extra))
    .orderBy(asc(classes.level), asc(classes.arm));
}

export async function findClass(db: DbOrTx, schoolId: string, id: string): Promise<ClassWithTeacher | null> {
  const [row] = await db
    .select(classColumns)
    .from(classes)
    .leftJoin(staff, and(eq(staff.schoolId, classes.schoolId), eq(staff.id, classes.classTeacherId)))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)))
    .limit(1);
  return row ?? null;
}

/** Classes of the school among `ids` (one query). */
export async function findClassesInSchool(db: DbOrTx, schoolId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: classes.id, level: classes.level, arm: classes.arm })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, ids)));
}

/** A class with the same level and arm in the session (arms compared without case). */
export async function findClassByLevelArm(db: DbOrTx, schoolId: string, academicSessionId: string, level: string, arm: string) {
  const [row] = await db
    .select({ id: classes.id, level: classes.level, arm: classes.arm })
    .from(classes)
    .where(
      and(
        eq(classes.schoolId, schoolId),
        eq(classes.academicSessionId, academicSessionId),
        eq(classes.level, level),
        sql`lower(${classes.arm}) = lower(${arm})`,
      ),
    );
  return row ?? null;
}

export async function insertClass(tx: DbOrTx, values: typeof classes.$inferInsert) {
  const [row] = await tx.insert(classes).values(values).returning();
  return row;
}

/** Several classes in one statement (bulk set-up). */
export async function insertClasses(tx: DbOrTx, rows: Array<typeof classes.$inferInsert>) {
  if (rows.length === 0) return [];
  return tx.insert(classes).values(rows).returning();
}

export async function updateClass(tx: DbOrTx, schoolId: string, id: string, values: { level: string; arm: string; classTeacherId: string | null }) {
  const [row] = await tx
    .update(classes)
    .set(values)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)))
    .returning();
  return row;
}

export async function deleteClass(tx: DbOrTx, schoolId: string, id: string) {
  await tx.delete(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)));
}

/** Enrolled students per class of the session. */
export async function enrolmentCounts(db: DbOrTx, schoolId: string, academicSessionId: string, classIds?: string[]) {
  if (classIds && classIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ classId: enrolments.classId, count: count() })
    .from(enrolments)
    .where(
      and(eq(enrolments.schoolId, schoolId), eq(enrolments.academicSessionId, academicSessionId), classIds ? inArray(enrolments.classId, classIds) : undefined),
    )
    .groupBy(enrolments.classId);
  return new Map(rows.map((r) => [r.classId, Number(r.count)]));
}

export async function countEnrolmentsOfClass(db: DbOrTx, schoolId: string, classId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(enrolments)
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.classId, classId)));
  return Number(row?.count ?? 0);
}

export async function studentsOfClass(db: DbOrTx, schoolId: string, classId: string) {
  return db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, registrationNo: students.registrationNo })
    .from(enrolments)
    .innerJoin(students, and(eq(students.schoolId, enrolments.schoolId), eq(students.id, enrolments.studentId)))
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.classId, classId)))
    .orderBy(asc(students.lastName), asc(students.firstName));
}

export async function findEnrolment(db: DbOrTx, schoolId: string, academicSessionId: string, studentId: string) {
  const [row] = await db
    .select({ classId: enrolments.classId })
    .from(enrolments)
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.academicSessionId, academicSessionId), eq(enrolments.studentId, studentId)))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- subjects and class subjects

export type ClassSubjectWithNames = {
  id: string;
  classId: string;
  subjectId: string;
  subjectName: string;
  subjectCode: string;
  teacherId: string | null;
  teacherName: string | null;
  level: string;
  arm: string;
};

/**
 * Subjects taught in classes, in one query: those of `classIds`, or of every class of a session, or
 * (with `teacherId`) only the ones that teacher teaches.
 */
export async function listClassSubjects(
  db: DbOrTx,
  schoolId: string,
  filter: { academicSessionId?: string; classIds?: string[]; subjectId?: string; teacherId?: string },
): Promise<ClassSubjectWithNames[]> {
  if (filter.classIds && filter.classIds.length === 0) return [];
  return db
    .select({
      id: classSubjects.id,
      classId: classSubjects.classId,
      subjectId: classSubjects.subjectId,
      subjectName: subjects.name,
      subjectCode: subjects.code,
      teacherId: classSubjects.teacherId,
      teacherName: staff.name,
      level: classes.level,
      arm: classes.arm,
    })
    .from(classSubjects)
    .innerJoin(classes, and(eq(classes.schoolId, classSubjects.schoolId), eq(classes.id, classSubjects.classId)))
    .innerJoin(subjects, and(eq(subjects.schoolId, classSubjects.schoolId), eq(subjects.id, classSubjects.subjectId)))
    .leftJoin(staff, and(eq(staff.schoolId, classSubjects.schoolId), eq(staff.id, classSubjects.teacherId)))
    .where(
      and(
        eq(classSubjects.schoolId, schoolId),
        filter.academicSessionId ? eq(classes.academicSessionId, filter.academicSessionId) : undefined,
        filter.classIds ? inArray(classSubjects.classId, filter.classIds) : undefined,
        filter.subjectId ? eq(classSubjects.subjectId, filter.subjectId) : undefined,
        filter.teacherId ? eq(classSubjects.teacherId, filter.teacherId) : undefined,
      ),
    )
    .orderBy(asc(subjects.name));
}

export async function findClassSubject(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await listClassSubjectsById(db, schoolId, [id]);
  return row ?? null;
}

async function listClassSubjectsById(db: DbOrTx, schoolId: string, ids: string[]) {
  return db
    .select({
      id: classSubjects.id,
      classId: classSubjects.classId,
      subjectId: classSubjects.subjectId,
      teacherId: classSubjects.teacherId,
      subjectName: subjects.name,
      level: classes.level,
      arm: classes.arm,
    })
    .from(classSubjects)
    .innerJoin(classes, and(eq(classes.schoolId, classSubjects.schoolId), eq(classes.id, classSubjects.classId)))
    .innerJoin(subjects, and(eq(subjects.schoolId, classSubjects.schoolId), eq(subjects.id, classSubjects.subjectId)))
    .where(and(eq(classSubjects.schoolId, schoolId), inArray(classSubjects.id, ids)));
}

export async function insertClassSubjects(tx: DbOrTx, rows: Array<typeof classSubjects.$inferInsert>) {
  if (rows.length === 0) return [];
  return tx.insert(classSubjects).values(rows).returning();
}

export async function setClassSubjectTeacher(tx: DbOrTx, schoolId: string, id: string, teacherId: string) {
  const [row] = await tx
    .update(classSubjects)
    .set({ teacherId })
    .where(and(eq(classSubjects.schoolId, schoolId), eq(classSubjects.id, id)))
    .returning();
  return row;
}

export async function deleteClassSubject(tx: DbOrTx, schoolId: string, id: string) {
  await tx.delete(classSubjects).where(and(eq(classSubjects.schoolId, schoolId), eq(classSubjects.id, id)));
}

export async function listSubjects(db: DbOrTx, schoolId: string, extra?: SQL): Promise<SubjectRow[]> {
  return db
    .select()
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), extra))
    .orderBy(asc(subjects.name));
}

export async function listSubjectsByIds(db: DbOrTx, schoolId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return listSubjects(db, schoolId, inArray(subjects.id, ids));
}

export async function findSubject(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, id)))
    .limit(1);
  return row ?? null;
}

/** Subjects of the school with the same name or code (compared without case), other than `exceptId`. */
export async function findSubjectClashes(db: DbOrTx, schoolId: string, name: string, code: string, exceptId?: string) {
  return db
    .select()
    .from(subjects)
    .where(
      and(
        eq(subjects.schoolId, schoolId),
        or(sql`lower(${subjects.name}) = lower(${name})`, sql`lower(${subjects.code}) = lower(${code})`),
        exceptId ? sql`${subjects.id} <> ${exceptId}` : undefined,
      ),
    );
}

export async function insertSubject(tx: DbOrTx, values: typeof subjects.$inferInsert) {
  const [row] = await tx.insert(subjects).values(values).returning();
  return row;
}

/** Several subjects in one statement (the catalogue). */
export async function insertSubjects(tx: DbOrTx, rows: Array<typeof subjects.$inferInsert>) {
  if (rows.length === 0) return [];
  return tx.insert(subjects).values(rows).returning();
}

export async function updateSubject(tx: DbOrTx, schoolId: string, id: string, values: { name: string; code: string }) {
  const [row] = await tx
    .update(subjects)
    .set(values)
    .where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, id)))
    .returning();
  return row;
}

export async function deleteSubject(tx: DbOrTx, schoolId: string, id: string) {
  await tx.delete(subjects).where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, id)));
}

export async function countAssignmentsOfSubject(db: DbOrTx, schoolId: string, subjectId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(classSubjects)
    .where(and(eq(classSubjects.schoolId, schoolId), eq(classSubjects.subjectId, subjectId)));
  return Number(row?.count ?? 0);
}

// ---------------------------------------------------------------- sessions

export async function findSession(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select({ id: academicSessions.id, name: academicSessions.name, status: academicSessions.status })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findActiveSession(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select({ id: academicSessions.id, name: academicSessions.name, status: academicSessions.status })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.status, 'Active')))
    .limit(1);
  return row ?? null;
}

/** Classes of the session where the staff member (of school `schoolId`) is class teacher or teaches a subject. */
export function classIdsOfTeacher(schoolId: string, staffId: string): SQL {
  return or(
    eq(classes.classTeacherId, staffId),
    inArray(
      classes.id,
      sql`(select ${classSubjects.classId} from ${classSubjects} where ${classSubjects.schoolId} = ${schoolId} and ${classSubjects.teacherId} = ${staffId})`,
    ),
  )!;
}

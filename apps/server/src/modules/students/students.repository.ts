import type { StudentCsvQuery } from '@school/shared/students/schemas';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolRow } from '../../db/columns';
import { academicSessions, classes, enrolments, guardians, studentGuardians, students, uploads } from '../../db/schema';

/** `value` for ILIKE: its own % and _ match themselves. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Who is asking: the whole school, or only these classes (a teacher's). */
export interface Scope {
  schoolId: string;
  academicSessionId: string;
  /** null = every class of the school; otherwise only these (possibly none). */
  classIds: string[] | null;
}

export type StudentFilters = Pick<StudentCsvQuery, 'classId' | 'gender' | 'search' | 'feeStatus'>;

/**
 * Finance's fee status of a student for the scope's session (ADR 0015): null without invoices,
 * InComplete when an invoice of the session has a balance, else Complete.
 */
function feeStatusSql(academicSessionId: string): SQL<string | null> {
  const owing = sql`exists (select 1 from invoices i join terms t on t.school_id = i.school_id and t.id = i.term_id and t.academic_session_id = ${academicSessionId}
    where i.school_id = ${students.schoolId} and i.student_id = ${students.id}
      and coalesce((select sum(l.amount_kobo) from invoice_lines l where l.school_id = i.school_id and l.invoice_id = i.id), 0)
        > coalesce((select sum(p.amount_kobo) from payments p where p.school_id = i.school_id and p.invoice_id = i.id and p.status = 'Success'), 0))`;
  const billed = sql`exists (select 1 from invoices i join terms t on t.school_id = i.school_id and t.id = i.term_id and t.academic_session_id = ${academicSessionId}
    where i.school_id = ${students.schoolId} and i.student_id = ${students.id})`;
  return sql<string | null>`(case when not ${billed} then null when ${owing} then 'InComplete' else 'Complete' end)`;
}

/** The classes the caller may filter by, in the scope's session. */
export function listClassOptions(db: DbOrTx, scope: Scope) {
  return db
    .select({ id: classes.id, level: classes.level, arm: classes.arm })
    .from(classes)
    .where(
      and(
        eq(classes.schoolId, scope.schoolId),
        eq(classes.academicSessionId, scope.academicSessionId),
        scope.classIds ? inArray(classes.id, scope.classIds) : undefined,
      ),
    )
    .orderBy(asc(classes.level), asc(classes.arm));
}

function listConditions(scope: Scope, filters: StudentFilters): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(enrolments.schoolId, scope.schoolId), eq(enrolments.academicSessionId, scope.academicSessionId)];
  if (scope.classIds) conditions.push(inArray(enrolments.classId, scope.classIds));
  if (filters.classId) conditions.push(eq(enrolments.classId, filters.classId));
  if (filters.gender) conditions.push(eq(students.gender, filters.gender));
  if (filters.feeStatus === 'complete') conditions.push(sql`${feeStatusSql(scope.academicSessionId)} = 'Complete'`);
  if (filters.feeStatus === 'incomplete') conditions.push(sql`${feeStatusSql(scope.academicSessionId)} = 'InComplete'`);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      or(
        sql`(${students.firstName} || ' ' || coalesce(${students.middleName} || ' ', '') || ${students.lastName}) ilike ${pattern}`,
        sql`(${students.lastName} || ' ' || ${students.firstName}) ilike ${pattern}`,
        sql`${students.registrationNo} ilike ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

const listColumns = {
  id: students.id,
  registrationNo: students.registrationNo,
  firstName: students.firstName,
  middleName: students.middleName,
  lastName: students.lastName,
  gender: students.gender,
  status: students.status,
  classId: classes.id,
  level: classes.level,
  arm: classes.arm,
};
export type StudentListRow = {
  id: string;
  registrationNo: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: string;
  status: string;
  classId: string | null;
  level: string | null;
  arm: string | null;
  feeStatus: string | null;
};

function listSelect(db: DbOrTx, scope: Scope, filters: StudentFilters) {
  return db
    .select({ ...listColumns, feeStatus: feeStatusSql(scope.academicSessionId) })
    .from(enrolments)
    .innerJoin(students, and(eq(students.schoolId, enrolments.schoolId), eq(students.id, enrolments.studentId)))
    .innerJoin(classes, schoolRow(classes, enrolments.schoolId, enrolments.classId))
    .where(listConditions(scope, filters))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

/** One page of the session's students in scope, by surname, and the number matching. */
export async function listStudents(db: DbOrTx, scope: Scope, query: StudentFilters & { page: number; pageSize: number }) {
  if (scope.classIds && scope.classIds.length === 0) return { rows: [] as StudentListRow[], total: 0 };
  const [rows, [{ total }]] = await Promise.all([
    listSelect(db, scope, query)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(enrolments)
      .innerJoin(students, and(eq(students.schoolId, enrolments.schoolId), eq(students.id, enrolments.studentId)))
      .where(listConditions(scope, query)),
  ]);
  return { rows: rows as StudentListRow[], total };
}

/** Every matching row (the CSV export). */
export async function listAllStudents(db: DbOrTx, scope: Scope, filters: StudentFilters): Promise<StudentListRow[]> {
  if (scope.classIds && scope.classIds.length === 0) return [];
  return (await listSelect(db, scope, filters)) as StudentListRow[];
}

export type StudentRow = typeof students.$inferSelect;

export async function findStudent(db: DbOrTx, schoolId: string, id: string): Promise<StudentRow | undefined> {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, id)))
    .limit(1);
  return row;
}

export function guardiansOf(db: DbOrTx, schoolId: string, studentId: string) {
  return db
    .select({ id: guardians.id, name: guardians.name, relationship: guardians.relationship, phone: guardians.phone, email: guardians.email })
    .from(studentGuardians)
    .innerJoin(guardians, and(eq(guardians.schoolId, studentGuardians.schoolId), eq(guardians.id, studentGuardians.guardianId)))
    .where(and(eq(studentGuardians.schoolId, schoolId), eq(studentGuardians.studentId, studentId)))
    .orderBy(desc(studentGuardians.isPrimary), asc(guardians.name));
}

/** The student's enrolments across sessions, newest session first. */
export function enrolmentsOf(db: DbOrTx, schoolId: string, studentId: string) {
  return db
    .select({
      academicSessionId: academicSessions.id,
      academicSessionName: academicSessions.name,
      classId: classes.id,
      level: classes.level,
      arm: classes.arm,
    })
    .from(enrolments)
    .innerJoin(academicSessions, schoolRow(academicSessions, enrolments.schoolId, enrolments.academicSessionId))
    .innerJoin(classes, schoolRow(classes, enrolments.schoolId, enrolments.classId))
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.studentId, studentId)))
    .orderBy(desc(academicSessions.name));
}

/** The student's photo upload id (null: none; undefined: no such student), the row locked until the transaction ends. */
export async function lockStudentPhoto(db: DbOrTx, schoolId: string, id: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ photoPath: students.photoPath })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, id)))
    .for('update')
    .limit(1);
  return row ? row.photoPath : undefined;
}

/** Deletes the school's upload record; answers its file's storage key, to remove once the transaction is committed. */
export async function deleteUpload(db: DbOrTx, schoolId: string, id: string): Promise<string | null> {
  const [row] = await db
    .delete(uploads)
    .where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id)))
    .returning({ storageKey: uploads.storageKey });
  return row?.storageKey ?? null;
}

/** The school's student holding an admission number, compared without case (KGS/12 and kgs/12 read the same). */
export async function findByRegistrationNo(db: DbOrTx, schoolId: string, registrationNo: string) {
  const [row] = await db
    .select({ id: students.id, firstName: students.firstName, middleName: students.middleName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), sql`lower(${students.registrationNo}) = ${registrationNo.toLowerCase()}`))
    .limit(1);
  return row ? { id: row.id, name: [row.firstName, row.middleName, row.lastName].filter(Boolean).join(' ') } : null;
}

export async function updateStudent(db: DbOrTx, schoolId: string, id: string, values: Partial<typeof students.$inferInsert>) {
  await db
    .update(students)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(students.schoolId, schoolId), eq(students.id, id)));
}

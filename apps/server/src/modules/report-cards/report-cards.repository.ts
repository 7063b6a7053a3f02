import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolRow } from '../../db/columns';
import {
  academicSessions,
  classTeacherRemarks,
  enrolments,
  reportCardJobs,
  reportCardRemarks,
  schoolReportCardJobParts,
  schoolReportCardJobs,
  schools,
  staff,
  terms,
} from '../../db/schema';

export async function findSchool(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select({
      id: schools.id,
      name: schools.name,
      address: schools.address,
      city: schools.city,
      state: schools.state,
      phone: schools.phone,
      email: schools.email,
      logoUploadId: schools.logoUploadId,
    })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  return row ?? null;
}

export async function staffName(db: DbOrTx, schoolId: string, staffId: string | null) {
  if (!staffId) return null;
  const [row] = await db
    .select({ name: staff.name })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.id, staffId)))
    .limit(1);
  return row?.name ?? null;
}

/** The school's first term that begins after `endDate` (the next term, maybe of the next session), or null. */
export async function nextTerm(db: DbOrTx, schoolId: string, endDate: string) {
  const [row] = await db
    .select({ id: terms.id, startDate: terms.startDate })
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), gt(terms.startDate, endDate)))
    .orderBy(asc(terms.startDate))
    .limit(1);
  return row ?? null;
}

export async function remarksOf(db: DbOrTx, schoolId: string, termId: string, studentIds: string[]) {
  if (studentIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ studentId: reportCardRemarks.studentId, principalComment: reportCardRemarks.principalComment })
    .from(reportCardRemarks)
    .where(and(eq(reportCardRemarks.schoolId, schoolId), eq(reportCardRemarks.termId, termId), inArray(reportCardRemarks.studentId, studentIds)));
  return new Map(rows.map((r) => [r.studentId, r.principalComment]));
}

export async function lockRemark(tx: DbOrTx, schoolId: string, studentId: string, termId: string) {
  const [row] = await tx
    .select()
    .from(reportCardRemarks)
    .where(and(eq(reportCardRemarks.schoolId, schoolId), eq(reportCardRemarks.studentId, studentId), eq(reportCardRemarks.termId, termId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function upsertRemark(
  tx: DbOrTx,
  values: { schoolId: string; studentId: string; termId: string; principalComment: string; updatedByUserId: string },
) {
  const [row] = await tx
    .insert(reportCardRemarks)
    .values(values)
    .onConflictDoUpdate({
      target: [reportCardRemarks.schoolId, reportCardRemarks.studentId, reportCardRemarks.termId],
      set: { principalComment: values.principalComment, updatedByUserId: values.updatedByUserId, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

/** The term's remarks of these students, locked until the transaction ends (one query). */
export async function lockRemarks(tx: DbOrTx, schoolId: string, termId: string, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return tx
    .select({ id: reportCardRemarks.id, studentId: reportCardRemarks.studentId, principalComment: reportCardRemarks.principalComment })
    .from(reportCardRemarks)
    .where(and(eq(reportCardRemarks.schoolId, schoolId), eq(reportCardRemarks.termId, termId), inArray(reportCardRemarks.studentId, studentIds)))
    .for('update');
}

/** Writes the principal's comments of many students of a term in one statement. */
export async function upsertRemarks(
  tx: DbOrTx,
  args: { schoolId: string; termId: string; updatedByUserId: string; rows: { studentId: string; principalComment: string }[] },
) {
  if (args.rows.length === 0) return;
  await tx
    .insert(reportCardRemarks)
    .values(args.rows.map((r) => ({ schoolId: args.schoolId, termId: args.termId, updatedByUserId: args.updatedByUserId, ...r })))
    .onConflictDoUpdate({
      target: [reportCardRemarks.schoolId, reportCardRemarks.studentId, reportCardRemarks.termId],
      set: { principalComment: sql`excluded.principal_comment`, updatedByUserId: args.updatedByUserId, updatedAt: sql`now()` },
    });
}

/** Removes the principal's comments of these students for the term, in one statement. */
export async function deleteRemarks(tx: DbOrTx, schoolId: string, termId: string, studentIds: string[]) {
  if (studentIds.length === 0) return;
  await tx
    .delete(reportCardRemarks)
    .where(and(eq(reportCardRemarks.schoolId, schoolId), eq(reportCardRemarks.termId, termId), inArray(reportCardRemarks.studentId, studentIds)));
}

// ---------------------------------------------------------------- class teacher's comments

const classTeacherOf = (schoolId: string, termId: string, studentIds: string[]) =>
  and(eq(classTeacherRemarks.schoolId, schoolId), eq(classTeacherRemarks.termId, termId), inArray(classTeacherRemarks.studentId, studentIds));

/** The class teacher's comments of these students for the term: student id → comment (one query). */
export async function classTeacherCommentsOf(db: DbOrTx, schoolId: string, termId: string, studentIds: string[]) {
  if (studentIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ studentId: classTeacherRemarks.studentId, comment: classTeacherRemarks.comment })
    .from(classTeacherRemarks)
    .where(classTeacherOf(schoolId, termId, studentIds));
  return new Map(rows.map((r) => [r.studentId, r.comment]));
}

/** The same, locked until the transaction ends. */
export async function lockClassTeacherComments(tx: DbOrTx, schoolId: string, termId: string, studentIds: string[]) {
  if (studentIds.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ studentId: classTeacherRemarks.studentId, comment: classTeacherRemarks.comment })
    .from(classTeacherRemarks)
    .where(classTeacherOf(schoolId, termId, studentIds))
    .for('update');
  return new Map(rows.map((r) => [r.studentId, r.comment]));
}

/** Writes the class teacher's comments of many students of a term in one statement. */
export async function upsertClassTeacherComments(
  tx: DbOrTx,
  args: { schoolId: string; termId: string; updatedByUserId: string; rows: { studentId: string; comment: string }[] },
) {
  if (args.rows.length === 0) return;
  await tx
    .insert(classTeacherRemarks)
    .values(args.rows.map((r) => ({ schoolId: args.schoolId, termId: args.termId, updatedByUserId: args.updatedByUserId, ...r })))
    .onConflictDoUpdate({
      target: [classTeacherRemarks.schoolId, classTeacherRemarks.termId, classTeacherRemarks.studentId],
      set: { comment: sql`excluded.comment`, updatedByUserId: args.updatedByUserId, updatedAt: sql`now()` },
    });
}

/** Removes the class teacher's comments of these students for the term, in one statement. */
export async function deleteClassTeacherComments(tx: DbOrTx, schoolId: string, termId: string, studentIds: string[]) {
  if (studentIds.length === 0) return;
  await tx.delete(classTeacherRemarks).where(classTeacherOf(schoolId, termId, studentIds));
}

/** The terms of every session the student was enrolled in, newest first, with the class of that session. */
export async function termsOfStudent(db: DbOrTx, schoolId: string, studentId: string) {
  return db
    .select({
      termId: terms.id,
      termName: terms.name,
      startDate: terms.startDate,
      isCurrent: terms.isCurrent,
      sessionName: academicSessions.name,
      academicSessionId: academicSessions.id,
      classId: enrolments.classId,
    })
    .from(enrolments)
    .innerJoin(terms, and(eq(terms.schoolId, enrolments.schoolId), eq(terms.academicSessionId, enrolments.academicSessionId)))
    .innerJoin(academicSessions, schoolRow(academicSessions, enrolments.schoolId, enrolments.academicSessionId))
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.studentId, studentId)))
    .orderBy(sql`${terms.startDate} desc`);
}

export async function insertJob(tx: DbOrTx, values: typeof reportCardJobs.$inferInsert) {
  const [row] = await tx.insert(reportCardJobs).values(values).returning({ id: reportCardJobs.id });
  return row;
}

export async function updateJob(db: DbOrTx, schoolId: string, id: string, values: Partial<typeof reportCardJobs.$inferInsert>) {
  await db
    .update(reportCardJobs)
    .set(values)
    .where(and(eq(reportCardJobs.schoolId, schoolId), eq(reportCardJobs.id, id)));
}

export async function findJob(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select({
      id: reportCardJobs.id,
      status: reportCardJobs.status,
      total: reportCardJobs.total,
      done: reportCardJobs.done,
      error: reportCardJobs.error,
      fileName: reportCardJobs.fileName,
      requestedByUserId: reportCardJobs.requestedByUserId,
      createdAt: reportCardJobs.createdAt,
    })
    .from(reportCardJobs)
    .where(and(eq(reportCardJobs.schoolId, schoolId), eq(reportCardJobs.id, id)))
    .limit(1);
  return row ?? null;
}

export async function jobFile(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select({ pdf: reportCardJobs.pdf, fileName: reportCardJobs.fileName, status: reportCardJobs.status })
    .from(reportCardJobs)
    .where(and(eq(reportCardJobs.schoolId, schoolId), eq(reportCardJobs.id, id)))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- a whole school's cards

const schoolJobColumns = {
  id: schoolReportCardJobs.id,
  termId: schoolReportCardJobs.termId,
  status: schoolReportCardJobs.status,
  total: schoolReportCardJobs.total,
  done: schoolReportCardJobs.done,
  classes: schoolReportCardJobs.classes,
  error: schoolReportCardJobs.error,
  fileName: schoolReportCardJobs.fileName,
  size: schoolReportCardJobs.size,
  createdAt: schoolReportCardJobs.createdAt,
  updatedAt: schoolReportCardJobs.updatedAt,
  finishedAt: schoolReportCardJobs.finishedAt,
};

export async function insertSchoolJob(tx: DbOrTx, values: typeof schoolReportCardJobs.$inferInsert) {
  const [row] = await tx.insert(schoolReportCardJobs).values(values).returning(schoolJobColumns);
  return row;
}

export async function updateSchoolJob(db: DbOrTx, schoolId: string, id: string, values: Partial<typeof schoolReportCardJobs.$inferInsert>) {
  await db
    .update(schoolReportCardJobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(schoolReportCardJobs.schoolId, schoolId), eq(schoolReportCardJobs.id, id)));
}

export async function findSchoolJob(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select(schoolJobColumns)
    .from(schoolReportCardJobs)
    .where(and(eq(schoolReportCardJobs.schoolId, schoolId), eq(schoolReportCardJobs.id, id)))
    .limit(1);
  return row ?? null;
}

/** The newest build of the term's cards, whatever its state. */
export async function latestSchoolJob(db: DbOrTx, schoolId: string, termId: string) {
  const [row] = await db
    .select(schoolJobColumns)
    .from(schoolReportCardJobs)
    .where(and(eq(schoolReportCardJobs.schoolId, schoolId), eq(schoolReportCardJobs.termId, termId)))
    .orderBy(desc(schoolReportCardJobs.createdAt))
    .limit(1);
  return row ?? null;
}

/** The file's next part, in a transaction with the job's progress (the cards counted are the cards stored). */
export async function insertSchoolJobPart(tx: DbOrTx, values: typeof schoolReportCardJobParts.$inferInsert) {
  await tx.insert(schoolReportCardJobParts).values(values);
}

/** Part `seq` of a job's file, or null past its last. */
export async function schoolJobPart(db: DbOrTx, schoolId: string, jobId: string, seq: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: schoolReportCardJobParts.bytes })
    .from(schoolReportCardJobParts)
    .where(and(eq(schoolReportCardJobParts.schoolId, schoolId), eq(schoolReportCardJobParts.jobId, jobId), eq(schoolReportCardJobParts.seq, seq)))
    .limit(1);
  return row?.bytes ?? null;
}

export type SchoolJobRow = NonNullable<Awaited<ReturnType<typeof findSchoolJob>>>;

/** Removes the term's earlier builds that are not running (their parts go with them): a new file replaces them. */
export async function deleteEarlierSchoolJobs(db: DbOrTx, schoolId: string, termId: string, keepId: string) {
  await db
    .delete(schoolReportCardJobs)
    .where(
      and(
        eq(schoolReportCardJobs.schoolId, schoolId),
        eq(schoolReportCardJobs.termId, termId),
        ne(schoolReportCardJobs.id, keepId),
        ne(schoolReportCardJobs.status, 'running'),
      ),
    );
}

/** The approval chain's rows (ADR 0032): each query one statement, whatever the number of classes. */
import type { ApprovalStepsInput } from '@school/shared/results/approvals';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { classes, resultApprovalSteps, resultClassApprovals, resultSheetSubmissions, staff, users } from '../../db/schema';
import { SCHOOL_ADMINS } from '../../policies/actors';

const NO_STEPS: ApprovalStepsInput = { submission: false, review: false, approval: false };

export async function stepsOf(db: DbOrTx, schoolId: string): Promise<ApprovalStepsInput> {
  const [row] = await db
    .select({ submission: resultApprovalSteps.submission, review: resultApprovalSteps.review, approval: resultApprovalSteps.approval })
    .from(resultApprovalSteps)
    .where(eq(resultApprovalSteps.schoolId, schoolId))
    .limit(1);
  return row ?? NO_STEPS;
}

export async function saveSteps(db: DbOrTx, schoolId: string, steps: ApprovalStepsInput, userId: string) {
  const values = { ...steps, updatedByUserId: userId, updatedAt: new Date() };
  await db
    .insert(resultApprovalSteps)
    .values({ schoolId, ...values })
    .onConflictDoUpdate({ target: resultApprovalSteps.schoolId, set: values });
}

export type SubmissionRow = typeof resultSheetSubmissions.$inferSelect;
export type ClassApprovalRow = typeof resultClassApprovals.$inferSelect;

export async function submissionsOf(db: DbOrTx, schoolId: string, termId: string, classIds: string[]): Promise<SubmissionRow[]> {
  if (classIds.length === 0) return [];
  return db
    .select()
    .from(resultSheetSubmissions)
    .where(and(eq(resultSheetSubmissions.schoolId, schoolId), eq(resultSheetSubmissions.termId, termId), inArray(resultSheetSubmissions.classId, classIds)));
}

/** One sheet's submission, locked for the rest of the transaction when `lock`. */
export async function submissionOf(db: DbOrTx, schoolId: string, place: { termId: string; classId: string; subjectId: string }, lock = false) {
  const query = db
    .select()
    .from(resultSheetSubmissions)
    .where(
      and(
        eq(resultSheetSubmissions.schoolId, schoolId),
        eq(resultSheetSubmissions.termId, place.termId),
        eq(resultSheetSubmissions.classId, place.classId),
        eq(resultSheetSubmissions.subjectId, place.subjectId),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function submit(db: DbOrTx, row: { schoolId: string; termId: string; classId: string; subjectId: string; userId: string; name: string }) {
  const values = {
    submittedByUserId: row.userId,
    submittedByName: row.name,
    submittedAt: new Date(),
    returnedAt: null,
    returnedByName: null,
    returnNote: null,
  };
  await db
    .insert(resultSheetSubmissions)
    .values({ schoolId: row.schoolId, termId: row.termId, classId: row.classId, subjectId: row.subjectId, ...values })
    .onConflictDoUpdate({
      target: [resultSheetSubmissions.schoolId, resultSheetSubmissions.termId, resultSheetSubmissions.classId, resultSheetSubmissions.subjectId],
      set: values,
    });
}

export async function returnSheet(db: DbOrTx, place: { schoolId: string; termId: string; classId: string; subjectId: string }, by: string, note: string) {
  await db
    .update(resultSheetSubmissions)
    .set({ returnedAt: new Date(), returnedByName: by, returnNote: note })
    .where(
      and(
        eq(resultSheetSubmissions.schoolId, place.schoolId),
        eq(resultSheetSubmissions.termId, place.termId),
        eq(resultSheetSubmissions.classId, place.classId),
        eq(resultSheetSubmissions.subjectId, place.subjectId),
        isNull(resultSheetSubmissions.returnedAt),
      ),
    );
}

export async function classApprovalsOf(db: DbOrTx, schoolId: string, termId: string, classIds: string[], lock = false): Promise<ClassApprovalRow[]> {
  if (classIds.length === 0) return [];
  const query = db
    .select()
    .from(resultClassApprovals)
    .where(and(eq(resultClassApprovals.schoolId, schoolId), eq(resultClassApprovals.termId, termId), inArray(resultClassApprovals.classId, classIds)));
  return lock ? query.for('update') : query;
}

type ClassApprovalChange = Partial<Omit<ClassApprovalRow, 'schoolId' | 'termId' | 'classId' | 'updatedAt'>>;

/** Writes these fields of the classes' rows (created when missing). */
export async function setClassApprovals(db: DbOrTx, schoolId: string, termId: string, classIds: string[], change: ClassApprovalChange) {
  if (classIds.length === 0) return;
  const values = { ...change, updatedAt: new Date() };
  await db
    .insert(resultClassApprovals)
    .values(classIds.map((classId) => ({ schoolId, termId, classId, ...values })))
    .onConflictDoUpdate({ target: [resultClassApprovals.schoolId, resultClassApprovals.termId, resultClassApprovals.classId], set: values });
}

/** Clears the class teacher's review and the principal's approval (a sheet went back). */
export async function clearClassApproval(db: DbOrTx, schoolId: string, termId: string, classId: string) {
  await db
    .update(resultClassApprovals)
    .set({
      reviewedAt: null,
      reviewedByName: null,
      reviewedByUserId: null,
      approvedAt: null,
      approvedByName: null,
      approvedByUserId: null,
      updatedAt: new Date(),
    })
    .where(and(eq(resultClassApprovals.schoolId, schoolId), eq(resultClassApprovals.termId, termId), eq(resultClassApprovals.classId, classId)));
}

/** Per class and subject of the term, how many of the class's students have every component scored, and any score at all. */
export async function scoredCounts(db: DbOrTx, schoolId: string, termId: string, classIds: string[]) {
  if (classIds.length === 0) return [];
  const ids = sql.join(
    classIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return rowsOf<{ class_id: string; subject_id: string; complete: number; any: number }>(
    await db.execute(sql`
      select e.class_id, s.subject_id,
        count(*) filter (where s.test1 is not null and s.test2 is not null and s.assignment is not null and s.exam is not null)::int as complete,
        count(*)::int as any
      from scores s
      join enrolments e on e.school_id = s.school_id and e.student_id = s.student_id and e.class_id in (${ids})
      where s.school_id = ${schoolId} and s.term_id = ${termId}
      group by e.class_id, s.subject_id
    `),
  );
}

export async function staffNames(db: DbOrTx, schoolId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), inArray(staff.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Locks the class's row for the rest of the transaction: the moves that decide whether every sheet of
 * the class is in (a submission, a return) then run one after another, so exactly one submission finds
 * the class complete and its class teacher is told once.
 */
export async function lockClass(db: DbOrTx, schoolId: string, classId: string) {
  await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)))
    .for('no key update');
}

/** Someone the chain mails: an account of the school that can be mailed. */
export interface Recipient {
  userId: string;
  name: string;
  email: string;
  role: string;
}

// an account that is not disabled and has an address (a deactivated member's account is disabled)
const mailable = and(ne(users.status, 'disabled'), sql`nullif(trim(${users.email}), '') is not null`);

/**
 * The accounts of these staff members that can be mailed: two statements, the staff rows then their
 * accounts, since staff and users are spread by different keys (ADR 0026). Staff without an account are left out.
 */
export async function staffRecipients(db: DbOrTx, schoolId: string, staffIds: string[]): Promise<Recipient[]> {
  const unique = [...new Set(staffIds)];
  if (unique.length === 0) return [];
  const members = await db
    .select({ userId: staff.userId })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), inArray(staff.id, unique), isNotNull(staff.userId)));
  const userIds = members.map((m) => m.userId).filter((id): id is string => id !== null);
  if (userIds.length === 0) return [];
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.schoolId, schoolId), mailable));
}

/** The school's administrators that can be mailed: "the principal" of the approval step. */
export async function administratorRecipients(db: DbOrTx, schoolId: string): Promise<Recipient[]> {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), inArray(users.role, [...SCHOOL_ADMINS]), mailable))
    .orderBy(users.name);
}

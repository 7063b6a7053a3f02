import { and, asc, count, desc, eq, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolRow } from '../../db/columns';
import { classes, lessonNotes, staff, subjects, terms, uploads } from '../../db/schema';
import { accountsByIds } from '../../lib/accounts';

/**
 * Lesson notes. Every list here is a fixed number of queries, whatever the number of rows (no N+1).
 * Classes, subjects, terms and who teaches what are academics.api's; a user's staff record is people.api's.
 */

// ---------------------------------------------------------------- notes

const listColumns = {
  id: lessonNotes.id,
  title: lessonNotes.title,
  week: lessonNotes.week,
  status: lessonNotes.status,
  termId: terms.id,
  termName: terms.name,
  academicSessionId: terms.academicSessionId,
  classId: classes.id,
  classLevel: classes.level,
  classArm: classes.arm,
  subjectId: subjects.id,
  subjectName: subjects.name,
  teacherId: staff.id,
  teacherName: staff.name,
  attachmentUploadId: lessonNotes.attachmentUploadId,
  reviewComment: lessonNotes.reviewComment,
  submittedAt: lessonNotes.submittedAt,
  reviewedAt: lessonNotes.reviewedAt,
  createdAt: lessonNotes.createdAt,
  updatedAt: lessonNotes.updatedAt,
};
export type NoteListRow = {
  id: string;
  title: string;
  week: number;
  status: string;
  termId: string;
  termName: string;
  academicSessionId: string;
  classId: string;
  classLevel: string;
  classArm: string;
  subjectId: string;
  subjectName: string;
  teacherId: string;
  teacherName: string;
  attachmentUploadId: string | null;
  reviewComment: string | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};
export type NoteDetailRow = NoteListRow & {
  body: string;
  reviewerName: string | null;
  attachmentName: string | null;
  attachmentMimeType: string | null;
  attachmentSize: number | null;
};

function joined<T extends Record<string, unknown>>(db: DbOrTx, columns: T) {
  return db
    .select(columns as unknown as typeof listColumns)
    .from(lessonNotes)
    .innerJoin(terms, and(eq(terms.schoolId, lessonNotes.schoolId), eq(terms.id, lessonNotes.termId)))
    .innerJoin(classes, and(eq(classes.schoolId, lessonNotes.schoolId), eq(classes.id, lessonNotes.classId)))
    .innerJoin(subjects, and(eq(subjects.schoolId, lessonNotes.schoolId), eq(subjects.id, lessonNotes.subjectId)))
    .innerJoin(staff, and(eq(staff.schoolId, lessonNotes.schoolId), eq(staff.id, lessonNotes.teacherId)));
}

export interface NoteFilters {
  academicSessionId: string;
  teacherId?: string;
  classId?: string;
  subjectId?: string;
  termId?: string;
  week?: number;
  status?: string;
  /** Reviewers do not see other people's drafts. */
  excludeDrafts?: boolean;
}

function filterWhere(schoolId: string, f: NoteFilters): SQL | undefined {
  return and(
    eq(lessonNotes.schoolId, schoolId),
    eq(terms.academicSessionId, f.academicSessionId),
    f.teacherId ? eq(lessonNotes.teacherId, f.teacherId) : undefined,
    f.classId ? eq(lessonNotes.classId, f.classId) : undefined,
    f.subjectId ? eq(lessonNotes.subjectId, f.subjectId) : undefined,
    f.termId ? eq(lessonNotes.termId, f.termId) : undefined,
    f.week ? eq(lessonNotes.week, f.week) : undefined,
    f.status ? eq(lessonNotes.status, f.status) : undefined,
    f.excludeDrafts ? ne(lessonNotes.status, 'Draft') : undefined,
  );
}

/** One page of notes, newest change first, and how many match in all (two queries). */
export async function listNotes(db: DbOrTx, schoolId: string, filters: NoteFilters, page: { page: number; pageSize: number }) {
  const where = filterWhere(schoolId, filters);
  const [rows, [{ total }]] = await Promise.all([
    joined(db, listColumns)
      .where(where)
      .orderBy(desc(lessonNotes.updatedAt), asc(lessonNotes.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ total: count() })
      .from(lessonNotes)
      .innerJoin(terms, and(eq(terms.schoolId, lessonNotes.schoolId), eq(terms.id, lessonNotes.termId)))
      .where(where),
  ]);
  return { rows: rows as NoteListRow[], total: Number(total) };
}

/** The note with its attachment, then its reviewer's name by account id (ADR 0026: never joined with `users`). */
export async function findNote(db: DbOrTx, schoolId: string, id: string): Promise<NoteDetailRow | null> {
  const [found] = await joined(db, {
    ...listColumns,
    body: lessonNotes.body,
    reviewedByUserId: lessonNotes.reviewedByUserId,
    attachmentName: uploads.originalName,
    attachmentMimeType: uploads.mimeType,
    attachmentSize: uploads.sizeBytes,
  })
    .leftJoin(uploads, schoolRow(uploads, lessonNotes.schoolId, lessonNotes.attachmentUploadId))
    .where(and(eq(lessonNotes.schoolId, schoolId), eq(lessonNotes.id, id)))
    .limit(1);
  if (!found) return null;
  const { reviewedByUserId, ...row } = found as unknown as Omit<NoteDetailRow, 'reviewerName'> & { reviewedByUserId: string | null };
  const reviewer = reviewedByUserId ? (await accountsByIds(db, [reviewedByUserId])).get(reviewedByUserId) : undefined;
  return { ...row, reviewerName: reviewer?.name ?? null };
}

/** The bare row, locked until the transaction ends (status changes are decided on it). */
export async function lockNote(tx: DbOrTx, schoolId: string, id: string) {
  const [row] = await tx
    .select()
    .from(lessonNotes)
    .where(and(eq(lessonNotes.schoolId, schoolId), eq(lessonNotes.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertNote(tx: DbOrTx, values: typeof lessonNotes.$inferInsert) {
  const [row] = await tx.insert(lessonNotes).values(values).returning();
  return row;
}

export async function updateNote(tx: DbOrTx, schoolId: string, id: string, values: Partial<typeof lessonNotes.$inferInsert>) {
  const [row] = await tx
    .update(lessonNotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(lessonNotes.schoolId, schoolId), eq(lessonNotes.id, id)))
    .returning();
  return row;
}

export async function deleteNote(tx: DbOrTx, schoolId: string, id: string) {
  await tx.delete(lessonNotes).where(and(eq(lessonNotes.schoolId, schoolId), eq(lessonNotes.id, id)));
}

// ---------------------------------------------------------------- choices

/** Names of staff who wrote notes in the session but no longer teach a subject in it (for the filter). */
export async function authorsOfSession(db: DbOrTx, schoolId: string, academicSessionId: string, exceptIds: string[]) {
  return db
    .selectDistinct({ id: staff.id, name: staff.name })
    .from(lessonNotes)
    .innerJoin(terms, and(eq(terms.schoolId, lessonNotes.schoolId), eq(terms.id, lessonNotes.termId)))
    .innerJoin(staff, and(eq(staff.schoolId, lessonNotes.schoolId), eq(staff.id, lessonNotes.teacherId)))
    .where(
      and(eq(lessonNotes.schoolId, schoolId), eq(terms.academicSessionId, academicSessionId), exceptIds.length ? notInArray(staff.id, exceptIds) : undefined),
    );
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolRow } from '../../db/columns';
import { subjects, teacherComments } from '../../db/schema';

export interface CommentFilters {
  termId: string;
  studentIds: string[];
  /** Only this subject's comments (general comments have no subject). */
  subjectId?: string;
}

/** The comments of the given students in a term, oldest first (one query). */
export async function commentsOf(db: DbOrTx, schoolId: string, f: CommentFilters) {
  if (f.studentIds.length === 0) return [];
  return db
    .select({
      id: teacherComments.id,
      studentId: teacherComments.studentId,
      classId: teacherComments.classId,
      comment: teacherComments.comment,
      score: teacherComments.score,
      subjectId: teacherComments.subjectId,
      subjectName: subjects.name,
      authorUserId: teacherComments.authorUserId,
      authorName: teacherComments.authorName,
      createdAt: teacherComments.createdAt,
    })
    .from(teacherComments)
    .leftJoin(subjects, schoolRow(subjects, teacherComments.schoolId, teacherComments.subjectId))
    .where(
      and(
        eq(teacherComments.schoolId, schoolId),
        eq(teacherComments.termId, f.termId),
        inArray(teacherComments.studentId, f.studentIds),
        f.subjectId ? eq(teacherComments.subjectId, f.subjectId) : undefined,
      ),
    )
    .orderBy(asc(teacherComments.createdAt), asc(teacherComments.id));
}

export async function insertComments(tx: DbOrTx, values: Array<typeof teacherComments.$inferInsert>) {
  return tx.insert(teacherComments).values(values).returning();
}

export async function lockComment(tx: DbOrTx, schoolId: string, id: string) {
  const [row] = await tx
    .select()
    .from(teacherComments)
    .where(and(eq(teacherComments.schoolId, schoolId), eq(teacherComments.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function deleteComment(tx: DbOrTx, schoolId: string, id: string) {
  await tx.delete(teacherComments).where(and(eq(teacherComments.schoolId, schoolId), eq(teacherComments.id, id)));
}

/**
 * A class's comments of a term as one grid, shared by the principal's comments (report_card_remarks,
 * report-cards.service.ts) and the class teacher's (class_teacher_remarks,
 * report-cards.class-teacher-comments.ts): how the grid is presented and how a save is checked and
 * written. Who may read or save (the class teacher, the lock once published) stays with each caller,
 * which resolves the class's results before calling here.
 */
import type { ClassPrincipalComments } from '@school/shared/report-cards/responses';
import { CLASS_TEACHER_COMMENT_MAX, commentTooLong, PRINCIPAL_COMMENT_MAX } from '@school/shared/report-cards/schemas';
import type { ClassTermResults } from '@school/shared/results/responses';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest } from '../../lib/http-errors';
import type { RequestContext } from '../../policies/context';
import * as repo from './report-cards.repository';

type StudentComment = { studentId: string; comment: string };

/** Where one kind of comment is kept, how long it may be and how a save of a class's is audited. */
export interface CommentStore {
  max: number;
  /** The comments of these students for the term (student id → comment), locked until the transaction ends. */
  lock(tx: DbOrTx, schoolId: string, termId: string, studentIds: string[]): Promise<Map<string, string>>;
  write(tx: DbOrTx, args: { schoolId: string; termId: string; updatedByUserId: string; rows: StudentComment[] }): Promise<void>;
  remove(tx: DbOrTx, schoolId: string, termId: string, studentIds: string[]): Promise<void>;
  audit: { action: string; entity: string };
}

export const principalCommentStore: CommentStore = {
  max: PRINCIPAL_COMMENT_MAX,
  lock: async (tx, schoolId, termId, studentIds) =>
    new Map((await repo.lockRemarks(tx, schoolId, termId, studentIds)).map((r) => [r.studentId, r.principalComment])),
  write: (tx, args) => repo.upsertRemarks(tx, { ...args, rows: args.rows.map((r) => ({ studentId: r.studentId, principalComment: r.comment })) }),
  remove: repo.deleteRemarks,
  audit: { action: 'report_card.class_principal_comments', entity: 'report_card_remark' },
};

export const classTeacherCommentStore: CommentStore = {
  max: CLASS_TEACHER_COMMENT_MAX,
  lock: repo.lockClassTeacherComments,
  write: repo.upsertClassTeacherComments,
  remove: repo.deleteClassTeacherComments,
  audit: { action: 'report_card.class_teacher_comments', entity: 'class_teacher_remark' },
};

/**
 * The grid of a class's results: each student's average and position, the comment now on the card
 * and a suggestion from the bank (`suggest` is given the student's place in the list, so that a
 * class's cards do not all read alike).
 */
export function presentCommentGrid(
  results: ClassTermResults,
  comments: Map<string, string>,
  suggest: (student: ClassTermResults['students'][number], index: number) => string | null,
): ClassPrincipalComments {
  return {
    className: results.className,
    termName: results.termName,
    sessionName: results.sessionName,
    published: results.published,
    students: results.students.map((s, i) => ({
      studentId: s.studentId,
      name: s.name,
      admissionNumber: s.admissionNumber,
      average: s.average,
      position: s.position,
      comment: comments.get(s.studentId) ?? null,
      suggestion: suggest(s, i),
    })),
  };
}

/**
 * Saves a class's comments for a term in one transaction, all or nothing: a comment over the limit,
 * a student not in the class or listed twice refuses the whole save (400 naming the student, errors
 * keyed by the student's id) before anything is read for writing. An empty comment removes the
 * student's; unchanged ones are not written. One audit entry with what changed, before and after.
 */
export async function saveCommentGrid(
  app: FastifyInstance,
  ctx: RequestContext,
  store: CommentStore,
  args: { schoolId: string; results: ClassTermResults; rows: StudentComment[] },
) {
  const { schoolId, results, rows } = args;
  const names = new Map(results.students.map((s) => [s.studentId, s.name]));
  const seen = new Set<string>();
  for (const row of rows) {
    const name = names.get(row.studentId);
    if (!name) {
      const message = `A student of the list is not in ${results.className}. Please reload the page.`;
      throw badRequest(message, { [row.studentId]: message });
    }
    if (seen.has(row.studentId)) {
      const message = `${name} is listed twice`;
      throw badRequest(message, { [row.studentId]: message });
    }
    seen.add(row.studentId);
    if (row.comment.length > store.max) {
      const message = commentTooLong(name, store.max);
      throw badRequest(message, { [row.studentId]: message });
    }
  }
  const termId = results.termId;
  return app.db.transaction(async (tx) => {
    const current = await store.lock(
      tx,
      schoolId,
      termId,
      rows.map((r) => r.studentId),
    );
    const writes = rows.filter((r) => r.comment !== '' && current.get(r.studentId) !== r.comment);
    const removals = rows.filter((r) => r.comment === '' && current.has(r.studentId));
    if (writes.length === 0 && removals.length === 0) return { saved: 0, removed: 0 };
    await store.write(tx, { schoolId, termId, updatedByUserId: ctx.user.id, rows: writes });
    await store.remove(
      tx,
      schoolId,
      termId,
      removals.map((r) => r.studentId),
    );
    const changed = [...writes, ...removals];
    await audit(tx, {
      organisationId: ctx.organisationId,
      schoolId,
      userId: ctx.user.id,
      action: store.audit.action,
      entity: store.audit.entity,
      entityId: null,
      before: { classId: results.classId, termId, comments: Object.fromEntries(changed.map((r) => [r.studentId, current.get(r.studentId) ?? null])) },
      after: { classId: results.classId, termId, comments: Object.fromEntries(changed.map((r) => [r.studentId, r.comment || null])) },
      ip: ctx.ip,
    });
    return { saved: writes.length, removed: removals.length };
  });
}

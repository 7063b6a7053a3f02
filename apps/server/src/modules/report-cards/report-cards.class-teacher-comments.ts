/**
 * A class's class teacher's comments for a term in one grid (issue 18), on the grid shared with the
 * principal's (report-cards.comment-grid.ts): the class teacher writes their class's, an
 * administrator any class's; once the class's results of the term are published only an
 * administrator changes them (as ratings).
 */
import { className } from '@school/shared/academics/schemas';
import { suggestClassTeacherComment } from '@school/shared/report-cards/comment-bank';
import type { ClassTeacherCommentOptions, ClassTeacherComments } from '@school/shared/report-cards/responses';
import type { ClassTeacherCommentsInput } from '@school/shared/report-cards/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../lib/http-errors';
import { type RequestContext, requireSchool } from '../../policies/context';
import { changesPublishedClassTeacherComments, mayWriteClassTeacherComments, writesEveryClassTeacherComment } from '../../policies/report-cards';
import * as academics from '../academics/academics.api';
import * as people from '../people/people.api';
import { computeClassTermResults } from '../results/results.service';
import { classTeacherCommentStore, presentCommentGrid, saveCommentGrid } from './report-cards.comment-grid';
import * as repo from './report-cards.repository';

const CLASS_NOT_FOUND = 'Class not found';
const TERM_NOT_FOUND = 'Term not found';
export const NOT_CLASS_TEACHER = (name: string) => `Only the class teacher of ${name} can write its class teacher's comments`;
export const CLASS_TEACHER_COMMENTS_LOCKED =
  "The results of this term are published for this class: only an administrator can change its class teacher's comments";

/** The selected session's terms and the classes the actor writes for (an administrator all, a teacher those they are class teacher of). */
export async function classTeacherCommentOptions(app: FastifyInstance, ctx: RequestContext): Promise<ClassTeacherCommentOptions> {
  const schoolId = requireSchool(ctx);
  const session = await ctx.academicSession();
  if (!session) return { terms: [], classes: [] };
  const every = writesEveryClassTeacherComment(ctx);
  const staff = every ? null : await people.staffForUser(app.db, schoolId, ctx.user.id);
  if (!every && !staff) return { terms: [], classes: [] };
  const [terms, classes] = await Promise.all([
    academics.termsOfSession(app.db, schoolId, session.id),
    academics.classesOfSession(app.db, schoolId, session.id, staff?.id),
  ]);
  return {
    terms,
    classes: classes.filter((c) => mayWriteClassTeacherComments(ctx, c, staff?.id ?? null)).map((c) => ({ id: c.id, name: className(c.level, c.arm) })),
  };
}

/**
 * The class and term a grid is about, once the actor is known to write for the class: 404 another
 * school's, 403 not the class teacher (before any figure is read), 400 a term of another session;
 * then the class's results of the term (as published once published).
 */
async function placeOf(db: DbOrTx, ctx: RequestContext, input: { classId: string; termId: string }) {
  const schoolId = requireSchool(ctx, CLASS_NOT_FOUND);
  const [cls, term] = await Promise.all([academics.findClass(db, schoolId, input.classId), academics.findTerm(db, schoolId, input.termId)]);
  if (!cls) throw notFound(CLASS_NOT_FOUND);
  if (!term) throw notFound(TERM_NOT_FOUND);
  const staff = writesEveryClassTeacherComment(ctx) ? null : await people.staffForUser(db, schoolId, ctx.user.id);
  if (!mayWriteClassTeacherComments(ctx, cls, staff?.id ?? null)) throw forbidden(NOT_CLASS_TEACHER(className(cls.level, cls.arm)));
  const results = await computeClassTermResults(db, { schoolId, classId: cls.id, termId: term.id });
  const locked = results.published && !changesPublishedClassTeacherComments(ctx);
  return { schoolId, cls, results, locked };
}

/**
 * A class's students for a term with their average and position, the class teacher's comment now
 * on each card and a suggestion from the class teacher's bank (varied down the list). The results'
 * queries and three more.
 */
export async function classTeacherComments(
  app: FastifyInstance,
  ctx: RequestContext,
  input: { classId: string; termId: string },
): Promise<ClassTeacherComments> {
  const { schoolId, cls, results, locked } = await placeOf(app.db, ctx, input);
  const ids = results.students.map((s) => s.studentId);
  const [comments, roster, classTeacherName] = await Promise.all([
    repo.classTeacherCommentsOf(app.db, schoolId, results.termId, ids),
    people.studentsOfClasses(app.db, schoolId, [cls.id]),
    repo.staffName(app.db, schoolId, cls.classTeacherId),
  ]);
  const firstNames = new Map(roster.map((s) => [s.id, s.firstName]));
  return {
    ...presentCommentGrid(results, comments, (s, i) => suggestClassTeacherComment(s.average, i, firstNames.get(s.studentId))),
    classId: results.classId,
    termId: results.termId,
    classTeacherName,
    canEdit: !locked,
    lockedReason: locked ? CLASS_TEACHER_COMMENTS_LOCKED : null,
  };
}

/**
 * Saves a class's class teacher's comments for a term, all or nothing (report-cards.comment-grid.ts):
 * once the actor may write them and they are not locked.
 */
export async function saveClassTeacherComments(app: FastifyInstance, ctx: RequestContext, input: ClassTeacherCommentsInput) {
  const { schoolId, results, locked } = await placeOf(app.db, ctx, input);
  if (locked) throw forbidden(CLASS_TEACHER_COMMENTS_LOCKED);
  return saveCommentGrid(app, ctx, classTeacherCommentStore, { schoolId, results, rows: input.rows });
}

import { className } from '@school/shared/academics/schemas';
import { splitComments } from '@school/shared/comments/schemas';
import type { CommentList, CommentOptions, CommentRow } from '@school/shared/teacher-comments/responses';
import type { AddCommentsInput, CommentListQuery } from '@school/shared/teacher-comments/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/http-errors';
import { isSchoolAdmin } from '../../policies/actors';
import type { RequestContext } from '../../policies/context';
import { seesUnpublishedResults } from '../../policies/results';
import { requireResultAccess } from '../result-pins/result-pins.service';
import { publishedClassIds } from '../results/results.api';
import * as academics from '../academics/academics.api';
import * as people from '../people/people.api';
import * as repo from './teacher-comments.repository';
import { personName } from '../../lib/names';

export interface StudentComment {
  comment: string;
  score: number;
  authorName: string;
  subjectName: string | null;
}

/**
 * Teachers' comments on each student for a term (for the report card and the results page's
 * 'comments' column). Every asked id is in the map. One query.
 */
export async function commentsForStudents(
  db: DbOrTx,
  { schoolId, termId, studentIds }: { schoolId: string; termId: string; studentIds: string[] },
): Promise<Map<string, StudentComment[]>> {
  const result = new Map<string, StudentComment[]>(studentIds.map((id) => [id, []]));
  const rows = await repo.commentsOf(db, schoolId, { termId, studentIds: [...new Set(studentIds)] });
  for (const row of rows) {
    result.get(row.studentId)?.push({ comment: row.comment, score: row.score, authorName: row.authorName, subjectName: row.subjectName });
  }
  return result;
}

async function actorOf(app: FastifyInstance, ctx: RequestContext) {
  if (!ctx.schoolId) return null;
  const staff = await people.staffForUser(app.db, ctx.schoolId, ctx.user.id);
  return { ctx, user: ctx.user, schoolId: ctx.schoolId, staff, admin: isSchoolAdmin(ctx) };
}
type Actor = NonNullable<Awaited<ReturnType<typeof actorOf>>>;

/** The classes of the session the actor may comment on (teacher: theirs) or read (administrators: all). */
async function allowedClasses(db: DbOrTx, actor: Actor, academicSessionId: string) {
  if (actor.admin) return academics.classesOfSession(db, actor.schoolId, academicSessionId);
  if (!actor.staff) return [];
  return academics.classesOfSession(db, actor.schoolId, academicSessionId, actor.staff.id);
}

export async function getOptions(app: FastifyInstance, ctx: RequestContext): Promise<CommentOptions> {
  const actor = await actorOf(app, ctx);
  const session = actor ? await ctx.academicSession() : null;
  if (!actor || !session) return { terms: [], classes: [], subjects: [], students: [] };
  const [termRows, classRows] = await Promise.all([academics.termsOfSession(app.db, actor.schoolId, session.id), allowedClasses(app.db, actor, session.id)]);
  const classIds = new Set(classRows.map((c) => c.id));
  const [pairs, studentRows] = await Promise.all([
    academics.classSubjectsOfSession(app.db, actor.schoolId, session.id),
    people.studentsOfClasses(app.db, actor.schoolId, [...classIds]),
  ]);
  const subjects = new Map(pairs.filter((p) => classIds.has(p.classId)).map((p) => [p.subjectId, { id: p.subjectId, name: p.subjectName }]));
  return {
    terms: termRows,
    classes: classRows.map((c) => ({ id: c.id, name: className(c.level, c.arm) })),
    subjects: [...subjects.values()].sort((a, b) => a.name.localeCompare(b.name)),
    students: studentRows.map((s) => ({ id: s.id, name: personName(s), classId: s.classId })),
  };
}

/** One row per student of the allowed (or chosen) classes with their comments of the term. */
export async function listComments(app: FastifyInstance, ctx: RequestContext, query: CommentListQuery): Promise<CommentList> {
  const actor = await actorOf(app, ctx);
  const session = actor ? await ctx.academicSession() : null;
  if (!actor || !session) return { termId: null, items: [] };
  const termRows = await academics.termsOfSession(app.db, actor.schoolId, session.id);
  const term = termRows.find((t) => t.id === query.termId) ?? (query.termId ? null : (termRows.find((t) => t.isCurrent) ?? termRows[0]));
  if (!term) return { termId: null, items: [] };
  let classRows = await allowedClasses(app.db, actor, session.id);
  if (query.classId) classRows = classRows.filter((c) => c.id === query.classId);
  const classNames = new Map(classRows.map((c) => [c.id, className(c.level, c.arm)]));
  const studentRows = await people.studentsOfClasses(app.db, actor.schoolId, [...classNames.keys()]);
  const subjectId = query.subjectId;
  const comments = await repo.commentsOf(app.db, actor.schoolId, { termId: term.id, studentIds: studentRows.map((s) => s.id), subjectId });
  const byStudent = new Map<string, CommentRow['comments']>();
  for (const c of comments) {
    const list = byStudent.get(c.studentId) ?? [];
    list.push({
      id: c.id,
      comment: c.comment,
      score: c.score,
      subject: c.subjectId && c.subjectName ? { id: c.subjectId, name: c.subjectName } : null,
      authorName: c.authorName,
      createdAt: c.createdAt.toISOString(),
      canDelete: c.authorUserId === actor.user.id,
    });
    byStudent.set(c.studentId, list);
  }
  return {
    termId: term.id,
    items: studentRows.map((s) => ({
      studentId: s.id,
      name: personName(s),
      registrationNo: s.registrationNo,
      photoUrl: null,
      class: { id: s.classId, name: classNames.get(s.classId) ?? '' },
      comments: byStudent.get(s.id) ?? [],
    })),
  };
}

function auditBase(actor: Actor) {
  return { organisationId: actor.ctx.organisationId, schoolId: actor.schoolId, userId: actor.user.id, entity: 'teacher_comment', ip: actor.ctx.ip };
}

/** Adds each comma-separated comment as its own chip, with the score, in one transaction. */
export async function addComments(app: FastifyInstance, ctx: RequestContext, input: AddCommentsInput): Promise<CommentRow['comments']> {
  const actor = await actorOf(app, ctx);
  if (!actor) throw notFound('Class not found');
  const [cls, term] = await Promise.all([academics.findClass(app.db, actor.schoolId, input.classId), academics.findTerm(app.db, actor.schoolId, input.termId)]);
  if (!cls) throw notFound('Class not found');
  if (!term) throw notFound('Term not found');
  const allowed = actor.staff ? await academics.classesOfSession(app.db, actor.schoolId, cls.academicSessionId, actor.staff.id) : [];
  if (!allowed.some((c) => c.id === cls.id)) {
    const message = `You do not teach ${className(cls.level, cls.arm)}`;
    throw badRequest(message, { classId: message });
  }
  if (term.academicSessionId !== cls.academicSessionId) {
    const message = `The ${term.name} term is not in the session of ${className(cls.level, cls.arm)}`;
    throw badRequest(message, { termId: message });
  }
  const students = await people.studentsOfClasses(app.db, actor.schoolId, [cls.id]);
  if (!students.some((s) => s.id === input.studentId)) {
    // a student of another class or school
    if (!(await people.studentInSession(app.db, actor.schoolId, input.studentId, cls.academicSessionId))) {
      throw notFound('Student not found');
    }
    const message = `This student is not in ${className(cls.level, cls.arm)}`;
    throw badRequest(message, { studentId: message });
  }
  let subjectName: string | null = null;
  if (input.subjectId) {
    const subject = await academics.findSubject(app.db, actor.schoolId, input.subjectId);
    if (!subject) throw notFound('Subject not found');
    subjectName = subject.name;
  }
  const texts = splitComments(input.comment);
  const authorName = actor.staff?.name ?? actor.user.name;
  // the chips keep the order they were typed in (one statement shares now(), so each gets its own moment)
  const start = Date.now();
  const rows = await app.db.transaction(async (tx) => {
    const inserted = await repo.insertComments(
      tx,
      texts.map((comment, i) => ({
        createdAt: new Date(start + i),
        schoolId: actor.schoolId,
        studentId: input.studentId,
        termId: term.id,
        classId: cls.id,
        subjectId: input.subjectId,
        authorUserId: actor.user.id,
        authorName,
        comment,
        score: input.score,
      })),
    );
    await audit(tx, {
      ...auditBase(actor),
      action: 'teacher_comment.added',
      entityId: input.studentId,
      before: null,
      after: {
        termId: term.id,
        classId: cls.id,
        subjectId: input.subjectId,
        score: input.score,
        comments: inserted.map((r) => ({ id: r.id, comment: r.comment })),
      },
    });
    return inserted;
  });
  return rows.map((r) => ({
    id: r.id,
    comment: r.comment,
    score: r.score,
    subject: r.subjectId && subjectName ? { id: r.subjectId, name: subjectName } : null,
    authorName: r.authorName,
    createdAt: r.createdAt.toISOString(),
    canDelete: true,
  }));
}

/** Removes one comment (the route's policy has checked the actor wrote it; gone meanwhile: 404). */
export async function deleteComment(app: FastifyInstance, ctx: RequestContext, id: string): Promise<void> {
  const actor = await actorOf(app, ctx);
  if (!actor) throw notFound('Comment not found');
  await app.db.transaction(async (tx) => {
    const before = await repo.lockComment(tx, actor.schoolId, id);
    if (!before) throw notFound('Comment not found');
    await repo.deleteComment(tx, actor.schoolId, id);
    await audit(tx, { ...auditBase(actor), action: 'teacher_comment.deleted', entityId: id, before, after: null });
  });
}

/**
 * A student's comments of a term, for their results page and report card (the route's policy has
 * checked the actor may read the student's results): administrators all, the student and their
 * parents once the term is published, and unlocked with a PIN when the school asks.
 */
export async function commentsOfStudent(app: FastifyInstance, ctx: RequestContext, studentId: string, termId: string) {
  const schoolId = ctx.schoolId;
  if (!schoolId) throw notFound('Student not found');
  const term = await academics.findTerm(app.db, schoolId, termId);
  if (!term) throw notFound('Term not found');
  const rows = await repo.commentsOf(app.db, schoolId, { termId: term.id, studentIds: [studentId] });
  if (!seesUnpublishedResults(ctx)) {
    const published = new Set((await publishedClassIds(app.db, schoolId, [term.id])).map((p) => p.classId));
    const visible = rows.filter((r) => published.has(r.classId));
    if (visible.length > 0) await requireResultAccess(app.db, { schoolId, studentId, termId: term.id, user: ctx.user });
    return {
      items: visible.map((c) => ({
        id: c.id,
        comment: c.comment,
        score: c.score,
        subject: c.subjectId && c.subjectName ? { id: c.subjectId, name: c.subjectName } : null,
        authorName: c.authorName,
      })),
    };
  }
  return {
    items: rows.map((c) => ({
      id: c.id,
      comment: c.comment,
      score: c.score,
      subject: c.subjectId && c.subjectName ? { id: c.subjectId, name: c.subjectName } : null,
      authorName: c.authorName,
    })),
  };
}

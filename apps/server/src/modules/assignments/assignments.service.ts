import { className } from '@school/shared/academics/schemas';
import { sortByClass } from '@school/shared/constants';
import type { Assignment, AssignmentList, AssignmentOptions } from '@school/shared/assignments/responses';
import type { AssignmentFormInput, AssignmentListQuery } from '@school/shared/assignments/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { isSchoolAdmin, isSchoolStaff } from '../../policies/actors';
import type { RequestContext } from '../../policies/context';
import * as academics from '../academics/academics.api';
import * as people from '../people/people.api';
import { auditView, presentAssignment } from './assignments.presenter';
import * as repo from './assignments.repository';

const NOT_FOUND = 'Assignment not found';

async function actorOf(app: FastifyInstance, ctx: RequestContext) {
  if (!ctx.schoolId) return null;
  const staff = isSchoolStaff(ctx) ? await people.staffForUser(app.db, ctx.schoolId, ctx.user.id) : null;
  return { ctx, schoolId: ctx.schoolId, staff };
}
type Actor = NonNullable<Awaited<ReturnType<typeof actorOf>>>;

function auditBase(actor: Actor) {
  return { organisationId: actor.ctx.organisationId, schoolId: actor.schoolId, userId: actor.ctx.user.id, entity: 'assignment', ip: actor.ctx.ip };
}

/** Terms of the selected session and the classes and subjects the teacher teaches (administrators: all). */
export async function getOptions(app: FastifyInstance, ctx: RequestContext): Promise<AssignmentOptions> {
  const actor = await actorOf(app, ctx);
  const session = actor ? await ctx.academicSession() : null;
  if (!actor || !session) return { terms: [], classes: [], subjects: [], classSubjects: [] };
  const admin = isSchoolAdmin(ctx);
  if (!admin && !actor.staff) return { terms: [], classes: [], subjects: [], classSubjects: [] };
  const [termRows, pairs] = await Promise.all([
    academics.termsOfSession(app.db, actor.schoolId, session.id),
    academics.classSubjectsOfSession(app.db, actor.schoolId, session.id, admin ? undefined : actor.staff!.id),
  ]);
  const classMap = new Map(pairs.map((p) => [p.classId, { id: p.classId, level: p.level, arm: p.arm }]));
  const subjectMap = new Map(pairs.map((p) => [p.subjectId, { id: p.subjectId, name: p.subjectName }]));
  return {
    terms: termRows,
    classes: sortByClass([...classMap.values()]).map((c) => ({ id: c.id, name: className(c.level, c.arm) })),
    subjects: [...subjectMap.values()].sort((a, b) => a.name.localeCompare(b.name)),
    classSubjects: pairs.map((p) => ({ classId: p.classId, subjectId: p.subjectId })),
  };
}

/** A teacher's own assignments in the selected session; an administrator's: the school's. */
export async function listAssignments(app: FastifyInstance, ctx: RequestContext, query: AssignmentListQuery): Promise<AssignmentList> {
  const actor = await actorOf(app, ctx);
  const session = actor ? await ctx.academicSession() : null;
  if (!actor || !session) return { items: [] };
  const admin = isSchoolAdmin(ctx);
  if (!admin && !actor.staff) return { items: [] };
  const rows = await repo.listAssignments(app.db, actor.schoolId, {
    academicSessionId: session.id,
    teacherId: admin ? undefined : actor.staff!.id,
    classId: query.classId,
    subjectId: query.subjectId,
    termId: query.termId,
  });
  return { items: rows.map((row) => presentAssignment(row, actor.staff?.id ?? null)) };
}

/** The assignments of a student's class in the selected session (the route's policy has checked the actor may see the student). */
export async function listForStudent(app: FastifyInstance, ctx: RequestContext, studentId: string, query: AssignmentListQuery): Promise<AssignmentList> {
  if (!ctx.schoolId) throw notFound('Student not found');
  const session = await ctx.academicSession();
  if (!session) return { items: [] };
  const student = await people.studentInSession(app.db, ctx.schoolId, studentId, session.id);
  if (!student) throw notFound('Student not found');
  if (!student.classId) return { items: [] };
  const rows = await repo.listAssignments(app.db, ctx.schoolId, {
    academicSessionId: session.id,
    classId: student.classId,
    subjectId: query.subjectId,
    termId: query.termId,
  });
  return { items: rows.map((row) => presentAssignment(row, null)) };
}

/** The class, subject and term are the school's, the teacher teaches that subject there, the term is the class's session's. */
async function checkPlace(db: DbOrTx, schoolId: string, staffId: string, input: AssignmentFormInput) {
  const [cls, subject, term] = await Promise.all([
    academics.findClass(db, schoolId, input.classId),
    academics.findSubject(db, schoolId, input.subjectId),
    academics.findTerm(db, schoolId, input.termId),
  ]);
  if (!cls) throw notFound('Class not found');
  if (!subject) throw notFound('Subject not found');
  if (!term) throw notFound('Term not found');
  if (!(await academics.teaches(db, schoolId, staffId, cls.id, subject.id))) {
    const message = `You do not teach ${subject.name} in ${className(cls.level, cls.arm)}`;
    throw badRequest(message, { subjectId: message });
  }
  if (term.academicSessionId !== cls.academicSessionId) {
    const message = `The ${term.name} term is not in the session of ${className(cls.level, cls.arm)}`;
    throw badRequest(message, { termId: message });
  }
}

function teacher(actor: Actor | null) {
  if (!actor) throw notFound(NOT_FOUND);
  if (!actor.staff) throw forbidden('Only teachers can set assignments');
  return actor as Actor & { staff: { id: string; name: string } };
}

export async function createAssignment(app: FastifyInstance, ctx: RequestContext, input: AssignmentFormInput): Promise<Assignment> {
  const actor = teacher(await actorOf(app, ctx));
  await checkPlace(app.db, actor.schoolId, actor.staff.id, input);
  const id = await app.db.transaction(async (tx) => {
    const row = await repo.insertAssignment(tx, {
      schoolId: actor.schoolId,
      teacherId: actor.staff.id,
      classId: input.classId,
      subjectId: input.subjectId,
      termId: input.termId,
      title: input.title,
      description: input.description,
      dueDate: input.dueDate,
    });
    await audit(tx, { ...auditBase(actor), action: 'assignment.created', entityId: row.id, before: null, after: auditView(row) });
    return row.id;
  });
  return presentAssignment((await repo.findAssignment(app.db, actor.schoolId, id))!, actor.staff.id);
}

/** Only the teacher who set an assignment changes it; for anyone else it does not exist. */
export async function updateAssignment(app: FastifyInstance, ctx: RequestContext, id: string, input: AssignmentFormInput): Promise<Assignment> {
  const actor = await actorOf(app, ctx);
  if (!actor?.staff) throw notFound(NOT_FOUND);
  const staffId = actor.staff.id;
  await app.db.transaction(async (tx) => {
    const before = await repo.lockAssignment(tx, actor.schoolId, id);
    if (!before || before.teacherId !== staffId) throw notFound(NOT_FOUND);
    await checkPlace(tx, actor.schoolId, staffId, input);
    const after = await repo.updateAssignment(tx, actor.schoolId, id, {
      classId: input.classId,
      subjectId: input.subjectId,
      termId: input.termId,
      title: input.title,
      description: input.description,
      dueDate: input.dueDate,
    });
    await audit(tx, { ...auditBase(actor), action: 'assignment.updated', entityId: id, before: auditView(before), after: auditView(after) });
  });
  return presentAssignment((await repo.findAssignment(app.db, actor.schoolId, id))!, staffId);
}

export async function deleteAssignment(app: FastifyInstance, ctx: RequestContext, id: string): Promise<void> {
  const actor = await actorOf(app, ctx);
  if (!actor?.staff) throw notFound(NOT_FOUND);
  const staffId = actor.staff.id;
  await app.db.transaction(async (tx) => {
    const before = await repo.lockAssignment(tx, actor.schoolId, id);
    if (!before || before.teacherId !== staffId) throw notFound(NOT_FOUND);
    await repo.deleteAssignment(tx, actor.schoolId, id);
    await audit(tx, { ...auditBase(actor), action: 'assignment.deleted', entityId: id, before: auditView(before), after: null });
  });
}

/** Subjects and the subjects taught in each class, with their teachers. */
import type { SubjectListResponse, SubjectResponse } from '@school/shared/academics/responses';
import { className, type AssignSubjectInput } from '@school/shared/academics/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isForeignKeyViolation, isUniqueViolation, pgMessage } from '../../lib/pg-errors';
import { classScope } from '../../policies/academics';
import type { RequestContext } from '../../policies/context';
import { presentAssignment, presentSessionRef, presentSubject } from './academics.presenter';
import * as repo from './academics.repository';
import { actorOf, auditBase, auditedWrite, NOT_A_TEACHER, requireTeacher, sessionOf } from './academics.common';

export async function listSubjects(app: FastifyInstance, ctx: RequestContext): Promise<SubjectListResponse> {
  const { schoolId } = actorOf(ctx);
  const session = await sessionOf(ctx);
  const scope = await classScope(app.db, ctx);
  if (scope.all) {
    // an administrator: every subject of the school, with the classes of the session that take it
    const [subjects, assignments] = await Promise.all([
      repo.listSubjects(app.db, schoolId),
      session ? repo.listClassSubjects(app.db, schoolId, { academicSessionId: session.id }) : Promise.resolve([]),
    ]);
    return { session: session ? presentSessionRef(session) : null, items: subjects.map((s) => presentSubject(s, assignments)) };
  }
  // the scope's classes are of the request's session
  if (!session || scope.classIds.length === 0) return { session: session ? presentSessionRef(session) : null, items: [] };
  const assignments = await repo.listClassSubjects(app.db, schoolId, { classIds: scope.classIds });
  const subjectIds = [...new Set(assignments.map((a) => a.subjectId))];
  const subjects = await repo.listSubjectsByIds(app.db, schoolId, subjectIds);
  return { session: presentSessionRef(session), items: subjects.map((s) => presentSubject(s, assignments)) };
}

async function subjectOrNotFound(db: DbOrTx, schoolId: string, id: string) {
  const subject = await repo.findSubject(db, schoolId, id);
  if (!subject) throw notFound('Subject not found');
  return subject;
}

async function refuseSubjectClashes(db: DbOrTx, schoolId: string, input: { name: string; code: string }, exceptId?: string) {
  const clashes = await repo.findSubjectClashes(db, schoolId, input.name, input.code, exceptId);
  const errors: Record<string, string> = {};
  for (const other of clashes) {
    if (other.name.toLowerCase() === input.name.toLowerCase()) errors.name = `${other.name} already exists`;
    if (other.code.toLowerCase() === input.code.toLowerCase()) errors.code = `${other.code} is already the code of ${other.name}`;
  }
  const first = Object.values(errors)[0];
  if (first) throw conflict(first, errors);
}

/** A subject name or code already taken, found by the database's unique index. */
const subjectNameTaken = (name: string) => (error: unknown) =>
  isUniqueViolation(error) ? conflict(`${name} already exists`, { name: `${name} already exists` }) : undefined;

async function subjectWithClasses(app: FastifyInstance, ctx: RequestContext, schoolId: string, id: string): Promise<SubjectResponse> {
  const session = await sessionOf(ctx);
  const [subject, assignments] = await Promise.all([
    subjectOrNotFound(app.db, schoolId, id),
    session ? repo.listClassSubjects(app.db, schoolId, { academicSessionId: session.id, subjectId: id }) : Promise.resolve([]),
  ]);
  return presentSubject(subject, assignments);
}

export async function createSubject(app: FastifyInstance, ctx: RequestContext, input: { name: string; code: string }) {
  const actor = actorOf(ctx);
  await refuseSubjectClashes(app.db, actor.schoolId, input);
  const row = await auditedWrite(
    app.db,
    actor,
    (tx) => repo.insertSubject(tx, { schoolId: actor.schoolId, name: input.name, code: input.code }),
    (created) => ({ action: 'subject.created', entity: 'subject', entityId: created.id, after: input }),
    subjectNameTaken(input.name),
  );
  return presentSubject(row, []);
}

export async function updateSubject(app: FastifyInstance, ctx: RequestContext, id: string, input: { name: string; code: string }) {
  const actor = actorOf(ctx);
  const before = await subjectOrNotFound(app.db, actor.schoolId, id);
  await refuseSubjectClashes(app.db, actor.schoolId, input, id);
  await auditedWrite(
    app.db,
    actor,
    (tx) => repo.updateSubject(tx, actor.schoolId, id, input),
    () => ({ action: 'subject.updated', entity: 'subject', entityId: id, before: { name: before.name, code: before.code }, after: input }),
    subjectNameTaken(input.name),
  );
  return subjectWithClasses(app, ctx, actor.schoolId, id);
}

export async function deleteSubject(app: FastifyInstance, ctx: RequestContext, id: string) {
  const actor = actorOf(ctx);
  const subject = await subjectOrNotFound(app.db, actor.schoolId, id);
  const taught = await repo.countAssignmentsOfSubject(app.db, actor.schoolId, id);
  if (taught > 0) {
    throw conflict(
      `${subject.name} is taught in ${taught} class${taught === 1 ? '' : 'es'} (this or earlier sessions). Remove it from those classes before deleting it.`,
    );
  }
  await auditedWrite(
    app.db,
    actor,
    (tx) => repo.deleteSubject(tx, actor.schoolId, id),
    () => ({ action: 'subject.deleted', entity: 'subject', entityId: id, before: { name: subject.name, code: subject.code } }),
    (error) => (isForeignKeyViolation(error) ? conflict(`${subject.name} is used by other records, so it cannot be deleted.`) : undefined),
  );
}

export async function assignSubject(app: FastifyInstance, ctx: RequestContext, id: string, input: AssignSubjectInput) {
  const actor = actorOf(ctx);
  const subject = await subjectOrNotFound(app.db, actor.schoolId, id);
  const classIds = input.assignments.map((a) => a.classId);
  const [classRows, teachers, existing] = await Promise.all([
    repo.findClassesInSchool(app.db, actor.schoolId, classIds),
    repo.findTeachers(app.db, actor.schoolId, [...new Set(input.assignments.map((a) => a.teacherId))]),
    repo.listClassSubjects(app.db, actor.schoolId, { classIds, subjectId: id }),
  ]);
  if (classRows.length !== new Set(classIds).size) throw notFound('Class not found');
  const errors: Record<string, string> = {};
  input.assignments.forEach((assignment, index) => {
    if (!teachers.some((t) => t.id === assignment.teacherId)) errors[`assignments.${index}.teacherId`] = NOT_A_TEACHER;
  });
  const teacherError = Object.values(errors)[0];
  if (teacherError) throw badRequest(teacherError, errors);
  input.assignments.forEach((assignment, index) => {
    const taken = existing.find((e) => e.classId === assignment.classId);
    if (taken) errors[`assignments.${index}.classId`] = `${subject.name} is already taught in ${className(taken.level, taken.arm)}`;
  });
  const takenError = Object.values(errors)[0];
  if (takenError) throw conflict(takenError, errors);

  try {
    await app.db.transaction(async (tx) => {
      const rows = await repo.insertClassSubjects(
        tx,
        input.assignments.map((a) => ({ schoolId: actor.schoolId, classId: a.classId, subjectId: id, teacherId: a.teacherId })),
      );
      for (const row of rows) {
        await audit(tx, {
          ...auditBase(actor),
          action: 'class_subject.created',
          entity: 'class_subject',
          entityId: row.id,
          after: { subjectId: id, subject: subject.name, classId: row.classId, teacherId: row.teacherId },
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${subject.name} is already taught in one of these classes`);
    throw error;
  }
  return subjectWithClasses(app, ctx, actor.schoolId, id);
}

async function classSubjectOrNotFound(db: DbOrTx, schoolId: string, id: string) {
  const row = await repo.findClassSubject(db, schoolId, id);
  if (!row) throw notFound('This subject is not taught in that class');
  return row;
}

export async function changeSubjectTeacher(app: FastifyInstance, ctx: RequestContext, id: string, teacherId: string) {
  const actor = actorOf(ctx);
  const before = await classSubjectOrNotFound(app.db, actor.schoolId, id);
  const teacher = (await requireTeacher(app.db, actor.schoolId, teacherId, 'teacherId'))!;
  await auditedWrite(
    app.db,
    actor,
    (tx) => repo.setClassSubjectTeacher(tx, actor.schoolId, id, teacher.id),
    () => ({
      action: 'class_subject.teacher_changed',
      entity: 'class_subject',
      entityId: id,
      before: { subjectId: before.subjectId, classId: before.classId, teacherId: before.teacherId },
      after: { subjectId: before.subjectId, classId: before.classId, teacherId: teacher.id },
    }),
    (error) => {
      // the timetable's trigger refuses a teacher who would be in two classes at once, naming the other
      if (!isUniqueViolation(error)) return undefined;
      const message = pgMessage(error) ?? `${teacher.name} already teaches another class at one of this subject's periods`;
      return conflict(message, { teacherId: message });
    },
  );
  return presentAssignment({ ...before, teacherId: teacher.id, teacherName: teacher.name });
}

export async function removeClassSubject(app: FastifyInstance, ctx: RequestContext, id: string) {
  const actor = actorOf(ctx);
  const row = await classSubjectOrNotFound(app.db, actor.schoolId, id);
  await auditedWrite(
    app.db,
    actor,
    (tx) => repo.deleteClassSubject(tx, actor.schoolId, id),
    () => ({
      action: 'class_subject.deleted',
      entity: 'class_subject',
      entityId: id,
      before: { subjectId: row.subjectId, subject: row.subjectName, classId: row.classId, teacherId: row.teacherId },
    }),
    (error) =>
      isForeignKeyViolation(error)
        ? conflict(`${row.subjectName} in ${className(row.level, row.arm)} already has records (results or timetable), so it cannot be removed.`)
        : undefined,
  );
}

import type { ClassDetailResponse, ClassListResponse, StudentSubjectsResponse, TeacherClassesResponse } from '@school/shared/academics/responses';
import { className, type ClassValues } from '@school/shared/academics/schemas';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { classScope, seesClassList } from '../../policies/academics';
import { isTeacher } from '../../policies/actors';
import type { RequestContext } from '../../policies/context';
import { presentClass, presentClassSubject, presentSessionRef } from './academics.presenter';
import { sortByClass } from '@school/shared/constants';
import * as repo from './academics.repository';
import { actorOf, auditedWrite, NO_SESSION, requireTeacher, sessionOf } from './academics.common';
import { personName } from '../../lib/names';

export { NO_SESSION, NOT_A_TEACHER } from './academics.common';
export * from './academics.subjects';
export * from './academics.bulk';

// ---------------------------------------------------------------- classes

export async function listClasses(app: FastifyInstance, ctx: RequestContext): Promise<ClassListResponse> {
  const { schoolId } = actorOf(ctx);
  const session = await sessionOf(ctx);
  if (!session) return { session: null, items: [] };
  const scope = await classScope(app.db, ctx);
  if (!scope.all && scope.classIds.length === 0) return { session: presentSessionRef(session), items: [] };
  const rows = await repo.listClasses(app.db, schoolId, session.id, scope.all ? undefined : repo.classesAmong(scope.classIds));
  const ids = rows.map((r) => r.id);
  const [subjects, counts] = await Promise.all([
    repo.listClassSubjects(app.db, schoolId, { classIds: ids }),
    repo.enrolmentCounts(app.db, schoolId, session.id, scope.all ? undefined : ids),
  ]);
  return {
    session: presentSessionRef(session),
    items: sortByClass(rows).map((row) => presentClass(row, subjects, counts.get(row.id) ?? 0)),
  };
}

/** A class (the route's policy has checked that the actor may see it). */
export async function getClass(app: FastifyInstance, ctx: RequestContext, id: string): Promise<ClassDetailResponse> {
  const { schoolId } = actorOf(ctx);
  const row = await repo.findClass(app.db, schoolId, id);
  if (!row) throw notFound('Class not found');
  const [session, subjects, counts, students] = await Promise.all([
    repo.findSession(app.db, schoolId, row.academicSessionId),
    repo.listClassSubjects(app.db, schoolId, { classIds: [row.id] }),
    repo.enrolmentCounts(app.db, schoolId, row.academicSessionId, [row.id]),
    // the class list is for staff; a student or guardian sees the class, not their classmates
    seesClassList(ctx) ? repo.studentsOfClass(app.db, schoolId, row.id) : Promise.resolve([]),
  ]);
  return {
    ...presentClass(row, subjects, counts.get(row.id) ?? 0),
    session: presentSessionRef(session!),
    students: students.map((s) => ({ id: s.id, name: personName(s), registrationNo: s.registrationNo })),
  };
}

function duplicateClass(level: string, arm: string, sessionName: string) {
  const message = `${className(level, arm)} already exists in ${sessionName}`;
  return conflict(message, { arm: message });
}

export async function createClass(app: FastifyInstance, ctx: RequestContext, input: ClassValues) {
  const actor = actorOf(ctx);
  const session = await sessionOf(ctx);
  if (!session) throw badRequest(NO_SESSION);
  await requireTeacher(app.db, actor.schoolId, input.classTeacherId, 'classTeacherId');
  const existing = await repo.findClassByLevelArm(app.db, actor.schoolId, session.id, input.level, input.arm);
  if (existing) throw duplicateClass(existing.level, existing.arm, session.name);
  const { id } = await auditedWrite(
    app.db,
    actor,
    (tx) =>
      repo.insertClass(tx, {
        schoolId: actor.schoolId,
        academicSessionId: session.id,
        level: input.level,
        arm: input.arm,
        classTeacherId: input.classTeacherId,
      }),
    (row) => ({
      action: 'class.created',
      entity: 'class',
      entityId: row.id,
      after: { session: session.name, level: row.level, arm: row.arm, classTeacherId: row.classTeacherId },
    }),
    (error) => (isUniqueViolation(error) ? duplicateClass(input.level, input.arm, session.name) : undefined),
  );
  return getClass(app, ctx, id);
}

export async function updateClass(app: FastifyInstance, ctx: RequestContext, id: string, input: ClassValues) {
  const actor = actorOf(ctx);
  const before = await repo.findClass(app.db, actor.schoolId, id);
  if (!before) throw notFound('Class not found');
  const session = (await repo.findSession(app.db, actor.schoolId, before.academicSessionId))!;
  await requireTeacher(app.db, actor.schoolId, input.classTeacherId, 'classTeacherId');
  const clash = await repo.findClassByLevelArm(app.db, actor.schoolId, session.id, input.level, input.arm);
  if (clash && clash.id !== id) throw duplicateClass(clash.level, clash.arm, session.name);
  await auditedWrite(
    app.db,
    actor,
    (tx) => repo.updateClass(tx, actor.schoolId, id, { level: input.level, arm: input.arm, classTeacherId: input.classTeacherId }),
    (row) => ({
      action: 'class.updated',
      entity: 'class',
      entityId: id,
      before: { level: before.level, arm: before.arm, classTeacherId: before.classTeacherId },
      after: { level: row.level, arm: row.arm, classTeacherId: row.classTeacherId },
    }),
    (error) => (isUniqueViolation(error) ? duplicateClass(input.level, input.arm, session.name) : undefined),
  );
  return getClass(app, ctx, id);
}

export async function deleteClass(app: FastifyInstance, ctx: RequestContext, id: string) {
  const actor = actorOf(ctx);
  const row = await repo.findClass(app.db, actor.schoolId, id);
  if (!row) throw notFound('Class not found');
  const name = className(row.level, row.arm);
  const enrolled = await repo.countEnrolmentsOfClass(app.db, actor.schoolId, id);
  if (enrolled > 0) {
    throw conflict(`${name} has ${enrolled} student${enrolled === 1 ? '' : 's'} enrolled. Move them to another class before deleting it.`);
  }
  const subjects = await repo.listClassSubjects(app.db, actor.schoolId, { classIds: [id] });
  await auditedWrite(
    app.db,
    actor,
    (tx) => repo.deleteClass(tx, actor.schoolId, id),
    () => ({
      action: 'class.deleted',
      entity: 'class',
      entityId: id,
      before: {
        academicSessionId: row.academicSessionId,
        level: row.level,
        arm: row.arm,
        classTeacherId: row.classTeacherId,
        subjects: subjects.map((s) => ({ subjectId: s.subjectId, teacherId: s.teacherId })),
      },
    }),
    (error) =>
      isForeignKeyViolation(error) ? conflict(`${name} is used by other records (timetable, results or attendance), so it cannot be deleted.`) : undefined,
  );
}

export async function listTeacherOptions(app: FastifyInstance, ctx: RequestContext) {
  const { schoolId } = actorOf(ctx);
  return { items: await repo.listTeachers(app.db, schoolId) };
}

// ---------------------------------------------------------------- a student's subjects, a teacher's classes

/** A student's subjects (the route's policy has checked that the actor may see the student). */
export async function studentSubjects(app: FastifyInstance, ctx: RequestContext, id: string): Promise<StudentSubjectsResponse> {
  const student = ctx.schoolId ? await repo.findStudentInSchool(app.db, ctx.schoolId, id) : null;
  if (!student) throw notFound('Student not found');
  const schoolId = student.schoolId;
  // The session chosen in the top bar, when it is one of the student's school (else that school's Active session).
  const chosen = await ctx.academicSession();
  const session = chosen && chosen.schoolId === schoolId ? chosen : await repo.findActiveSession(app.db, schoolId);
  const base = {
    student: { id: student.id, name: personName({ firstName: student.firstName, lastName: student.lastName }) },
    session: session ? presentSessionRef(session) : null,
  };
  if (!session) return { ...base, class: null, items: [] };
  const enrolment = await repo.findEnrolment(app.db, schoolId, session.id, student.id);
  if (!enrolment) return { ...base, class: null, items: [] };
  const [row, subjects] = await Promise.all([
    repo.findClass(app.db, schoolId, enrolment.classId),
    repo.listClassSubjects(app.db, schoolId, { classIds: [enrolment.classId] }),
  ]);
  return {
    ...base,
    class: row
      ? {
          id: row.id,
          name: className(row.level, row.arm),
          classTeacher: row.classTeacherId && row.classTeacherName ? { id: row.classTeacherId, name: row.classTeacherName } : null,
        }
      : null,
    items: subjects.map(presentClassSubject),
  };
}

export async function teacherClasses(app: FastifyInstance, ctx: RequestContext): Promise<TeacherClassesResponse> {
  const { user, schoolId } = actorOf(ctx);
  const session = await sessionOf(ctx);
  if (!session) return { session: null, items: [] };
  // a teacher: the classes they teach, with their own subjects there; an administrator: every class
  const staffId = isTeacher(ctx) ? await repo.staffIdForUser(app.db, schoolId, user.id) : null;
  if (isTeacher(ctx) && !staffId) return { session: presentSessionRef(session), items: [] };
  const scope = staffId ? repo.classIdsOfTeacher(schoolId, staffId) : undefined;
  const rows = await repo.listClasses(app.db, schoolId, session.id, scope);
  const ids = rows.map((r) => r.id);
  const [subjects, counts] = await Promise.all([
    repo.listClassSubjects(app.db, schoolId, { classIds: ids, teacherId: staffId ?? undefined }),
    repo.enrolmentCounts(app.db, schoolId, session.id, ids),
  ]);
  return {
    session: presentSessionRef(session),
    items: sortByClass(rows).map((row) => ({
      id: row.id,
      level: row.level,
      arm: row.arm,
      name: className(row.level, row.arm),
      isClassTeacher: staffId !== null && row.classTeacherId === staffId,
      studentCount: counts.get(row.id) ?? 0,
      subjects: subjects.filter((s) => s.classId === row.id).map(presentClassSubject),
    })),
  };
}

import type {
  ClassDetailResponse,
  ClassListResponse,
  StudentSubjectsResponse,
  SubjectListResponse,
  SubjectResponse,
  TeacherClassesResponse,
} from '@school/shared/academics/responses';
import { className, type AssignSubjectInput, type ClassValues } from '@school/shared/academics/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isForeignKeyViolation, isUniqueViolation, pgMessage } from '../../lib/pg-errors';
import { classScope, seesClassList } from '../../policies/academics';
import { isTeacher } from '../../policies/actors';
import type { RequestContext } from '../../policies/context';
import type { RequestUser } from '../../types';
import { presentAssignment, presentClass, presentClassSubject, presentSessionRef, presentSubject } from './academics.presenter';
import { sortByClass } from '@school/shared/constants';
import * as repo from './academics.repository';

export const NO_SESSION = 'Create an academic session first (Settings → Sessions & terms)';
export const NOT_A_TEACHER = 'Choose a teacher of this school';

interface Actor {
  user: RequestUser;
  schoolId: string;
  ip: string;
}

function schoolOf(user: RequestUser): string {
  // Academics is a school's own area; a user without a school (super administrator) has none to look at.
  if (!user.schoolId) throw notFound('School not found');
  return user.schoolId;
}

function actorOf(ctx: RequestContext): Actor {
  return { user: ctx.user, schoolId: schoolOf(ctx.user), ip: ctx.ip };
}

const auditBase = (actor: Actor) => ({ organisationId: actor.user.organisationId, schoolId: actor.schoolId, userId: actor.user.id, ip: actor.ip });

/** The session the request looks at (header, the user's choice, or the Active one) — of the user's school. */
async function sessionOf(ctx: RequestContext) {
  const session = await ctx.academicSession();
  return session && session.schoolId === ctx.schoolId ? session : null;
}

async function requireTeacher(db: DbOrTx, schoolId: string, id: string | null, field: string) {
  if (!id) return null;
  const teacher = await repo.findTeacher(db, schoolId, id);
  if (!teacher) throw badRequest(NOT_A_TEACHER, { [field]: NOT_A_TEACHER });
  return teacher;
}

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
    students: students.map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`, registrationNo: s.registrationNo })),
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
  let id: string;
  try {
    id = await app.db.transaction(async (tx) => {
      const row = await repo.insertClass(tx, {
        schoolId: actor.schoolId,
        academicSessionId: session.id,
        level: input.level,
        arm: input.arm,
        classTeacherId: input.classTeacherId,
      });
      await audit(tx, {
        ...auditBase(actor),
        action: 'class.created',
        entity: 'class',
        entityId: row.id,
        after: { session: session.name, level: row.level, arm: row.arm, classTeacherId: row.classTeacherId },
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateClass(input.level, input.arm, session.name);
    throw error;
  }
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
  try {
    await app.db.transaction(async (tx) => {
      const row = await repo.updateClass(tx, actor.schoolId, id, { level: input.level, arm: input.arm, classTeacherId: input.classTeacherId });
      await audit(tx, {
        ...auditBase(actor),
        action: 'class.updated',
        entity: 'class',
        entityId: id,
        before: { level: before.level, arm: before.arm, classTeacherId: before.classTeacherId },
        after: { level: row.level, arm: row.arm, classTeacherId: row.classTeacherId },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateClass(input.level, input.arm, session.name);
    throw error;
  }
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
  try {
    await app.db.transaction(async (tx) => {
      await repo.deleteClass(tx, actor.schoolId, id);
      await audit(tx, {
        ...auditBase(actor),
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
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(`${name} is used by other records (timetable, results or attendance), so it cannot be deleted.`);
    throw error;
  }
}

export async function listTeacherOptions(app: FastifyInstance, ctx: RequestContext) {
  const { schoolId } = actorOf(ctx);
  return { items: await repo.listTeachers(app.db, schoolId) };
}

// ---------------------------------------------------------------- subjects

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
  try {
    const row = await app.db.transaction(async (tx) => {
      const created = await repo.insertSubject(tx, { schoolId: actor.schoolId, name: input.name, code: input.code });
      await audit(tx, { ...auditBase(actor), action: 'subject.created', entity: 'subject', entityId: created.id, after: input });
      return created;
    });
    return presentSubject(row, []);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${input.name} already exists`, { name: `${input.name} already exists` });
    throw error;
  }
}

export async function updateSubject(app: FastifyInstance, ctx: RequestContext, id: string, input: { name: string; code: string }) {
  const actor = actorOf(ctx);
  const before = await subjectOrNotFound(app.db, actor.schoolId, id);
  await refuseSubjectClashes(app.db, actor.schoolId, input, id);
  try {
    await app.db.transaction(async (tx) => {
      await repo.updateSubject(tx, actor.schoolId, id, input);
      await audit(tx, {
        ...auditBase(actor),
        action: 'subject.updated',
        entity: 'subject',
        entityId: id,
        before: { name: before.name, code: before.code },
        after: input,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${input.name} already exists`, { name: `${input.name} already exists` });
    throw error;
  }
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
  try {
    await app.db.transaction(async (tx) => {
      await repo.deleteSubject(tx, actor.schoolId, id);
      await audit(tx, { ...auditBase(actor), action: 'subject.deleted', entity: 'subject', entityId: id, before: { name: subject.name, code: subject.code } });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(`${subject.name} is used by other records, so it cannot be deleted.`);
    throw error;
  }
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
  try {
    await app.db.transaction(async (tx) => {
      await repo.setClassSubjectTeacher(tx, actor.schoolId, id, teacher.id);
      await audit(tx, {
        ...auditBase(actor),
        action: 'class_subject.teacher_changed',
        entity: 'class_subject',
        entityId: id,
        before: { subjectId: before.subjectId, classId: before.classId, teacherId: before.teacherId },
        after: { subjectId: before.subjectId, classId: before.classId, teacherId: teacher.id },
      });
    });
  } catch (error) {
    // the timetable's trigger refuses a teacher who would be in two classes at once, naming the other
    if (isUniqueViolation(error)) {
      const message = pgMessage(error) ?? `${teacher.name} already teaches another class at one of this subject's periods`;
      throw conflict(message, { teacherId: message });
    }
    throw error;
  }
  return presentAssignment({ ...before, teacherId: teacher.id, teacherName: teacher.name });
}

export async function removeClassSubject(app: FastifyInstance, ctx: RequestContext, id: string) {
  const actor = actorOf(ctx);
  const row = await classSubjectOrNotFound(app.db, actor.schoolId, id);
  try {
    await app.db.transaction(async (tx) => {
      await repo.deleteClassSubject(tx, actor.schoolId, id);
      await audit(tx, {
        ...auditBase(actor),
        action: 'class_subject.deleted',
        entity: 'class_subject',
        entityId: id,
        before: { subjectId: row.subjectId, subject: row.subjectName, classId: row.classId, teacherId: row.teacherId },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw conflict(`${row.subjectName} in ${className(row.level, row.arm)} already has records (results or timetable), so it cannot be removed.`);
    }
    throw error;
  }
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
  const base = { student: { id: student.id, name: `${student.firstName} ${student.lastName}` }, session: session ? presentSessionRef(session) : null };
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
      ? { id: row.id, name: className(row.level, row.arm), classTeacher: row.classTeacherId && row.classTeacherName ? { id: row.classTeacherId, name: row.classTeacherName } : null }
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
  const scope = staffId ? repo.classIdsOfTeacher(staffId) : undefined;
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

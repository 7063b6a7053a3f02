import type {
  ClassDetailResponse,
  ClassListResponse,
  StudentSubjectsResponse,
  SubjectListResponse,
  SubjectResponse,
  TeacherClassesResponse,
} from '@school/shared/academics/responses';
import { className, isUuid, type AssignSubjectInput, type ClassValues } from '@school/shared/academics/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isForeignKeyViolation, isUniqueViolation, pgMessage } from '../../lib/pg-errors';
import type { RequestUser } from '../../types';
import { resolveAcademicSession } from '../academic-sessions/academic-context';
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

export function actorOf(request: FastifyRequest): Actor {
  const user = request.user!;
  return { user, schoolId: schoolOf(user), ip: request.ip };
}

const auditBase = (actor: Actor) => ({ organisationId: actor.user.organisationId, schoolId: actor.schoolId, userId: actor.user.id, ip: actor.ip });

/** The session the request looks at (header, the user's choice, or the Active one) — of the user's school. */
async function sessionOf(app: FastifyInstance, request: FastifyRequest) {
  const session = await resolveAcademicSession(app, request);
  return session && session.schoolId === request.user!.schoolId ? session : null;
}

/**
 * Which classes of a session a user may see: all for an administrator, their own for a teacher
 * (class teacher or subject teacher), their own or their children's for a student or guardian.
 * `false` means none at all.
 */
async function classScope(db: DbOrTx, user: RequestUser, schoolId: string, academicSessionId: string): Promise<SQL | undefined | false> {
  switch (user.role) {
    case 'admin':
    case 'super_admin':
      return undefined;
    case 'teacher': {
      const staffId = await repo.staffIdForUser(db, schoolId, user.id);
      return staffId ? repo.classIdsOfTeacher(staffId) : false;
    }
    case 'student':
    case 'parent':
      return repo.classesOfUserStudents(user.id, user.role, academicSessionId);
  }
}

async function requireTeacher(db: DbOrTx, schoolId: string, id: string | null, field: string) {
  if (!id) return null;
  const teacher = await repo.findTeacher(db, schoolId, id);
  if (!teacher) throw badRequest(NOT_A_TEACHER, { [field]: NOT_A_TEACHER });
  return teacher;
}

// ---------------------------------------------------------------- classes

export async function listClasses(app: FastifyInstance, request: FastifyRequest): Promise<ClassListResponse> {
  const { user, schoolId } = actorOf(request);
  const session = await sessionOf(app, request);
  if (!session) return { session: null, items: [] };
  const scope = await classScope(app.db, user, schoolId, session.id);
  if (scope === false) return { session: presentSessionRef(session), items: [] };
  const rows = await repo.listClasses(app.db, schoolId, session.id, scope);
  const ids = rows.map((r) => r.id);
  const [subjects, counts] = await Promise.all([
    repo.listClassSubjects(app.db, schoolId, { classIds: ids }),
    repo.enrolmentCounts(app.db, schoolId, session.id, scope ? ids : undefined),
  ]);
  return {
    session: presentSessionRef(session),
    items: sortByClass(rows).map((row) => presentClass(row, subjects, counts.get(row.id) ?? 0)),
  };
}

async function visibleClass(app: FastifyInstance, user: RequestUser, schoolId: string, id: string) {
  const row = isUuid(id) ? await repo.findClass(app.db, schoolId, id) : null;
  if (!row) throw notFound('Class not found');
  const scope = await classScope(app.db, user, schoolId, row.academicSessionId);
  if (scope === false) throw notFound('Class not found');
  if (scope && !(await repo.isClassInScope(app.db, schoolId, row.academicSessionId, id, scope))) throw notFound('Class not found');
  return row;
}

export async function getClass(app: FastifyInstance, request: FastifyRequest, id: string): Promise<ClassDetailResponse> {
  const { user, schoolId } = actorOf(request);
  const row = await visibleClass(app, user, schoolId, id);
  const [session, subjects, counts, students] = await Promise.all([
    repo.findSession(app.db, schoolId, row.academicSessionId),
    repo.listClassSubjects(app.db, schoolId, { classIds: [row.id] }),
    repo.enrolmentCounts(app.db, schoolId, row.academicSessionId, [row.id]),
    // the class list is for staff; a student or guardian sees the class, not their classmates
    user.role === 'admin' || user.role === 'teacher' ? repo.studentsOfClass(app.db, schoolId, row.id) : Promise.resolve([]),
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

export async function createClass(app: FastifyInstance, request: FastifyRequest, input: ClassValues) {
  const actor = actorOf(request);
  const session = await sessionOf(app, request);
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
  return getClass(app, request, id);
}

export async function updateClass(app: FastifyInstance, request: FastifyRequest, id: string, input: ClassValues) {
  const actor = actorOf(request);
  const before = isUuid(id) ? await repo.findClass(app.db, actor.schoolId, id) : null;
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
  return getClass(app, request, id);
}

export async function deleteClass(app: FastifyInstance, request: FastifyRequest, id: string) {
  const actor = actorOf(request);
  const row = isUuid(id) ? await repo.findClass(app.db, actor.schoolId, id) : null;
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

export async function listTeacherOptions(app: FastifyInstance, request: FastifyRequest) {
  const { schoolId } = actorOf(request);
  return { items: await repo.listTeachers(app.db, schoolId) };
}

// ---------------------------------------------------------------- subjects

export async function listSubjects(app: FastifyInstance, request: FastifyRequest): Promise<SubjectListResponse> {
  const { user, schoolId } = actorOf(request);
  const session = await sessionOf(app, request);
  const everything = user.role === 'admin' || user.role === 'super_admin';
  const scope = session && !everything ? await classScope(app.db, user, schoolId, session.id) : undefined;
  if (everything) {
    // an administrator: every subject of the school, with the classes of the session that take it
    const [subjects, assignments] = await Promise.all([
      repo.listSubjects(app.db, schoolId),
      session ? repo.listClassSubjects(app.db, schoolId, { academicSessionId: session.id }) : Promise.resolve([]),
    ]);
    return { session: session ? presentSessionRef(session) : null, items: subjects.map((s) => presentSubject(s, assignments)) };
  }
  if (!session || !scope) return { session: session ? presentSessionRef(session) : null, items: [] };
  const classIds = (await repo.listClasses(app.db, schoolId, session.id, scope)).map((c) => c.id);
  const assignments = await repo.listClassSubjects(app.db, schoolId, { classIds });
  const subjectIds = [...new Set(assignments.map((a) => a.subjectId))];
  const subjects = await repo.listSubjectsByIds(app.db, schoolId, subjectIds);
  return { session: presentSessionRef(session), items: subjects.map((s) => presentSubject(s, assignments)) };
}

async function subjectOrNotFound(db: DbOrTx, schoolId: string, id: string) {
  const subject = isUuid(id) ? await repo.findSubject(db, schoolId, id) : null;
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

async function subjectWithClasses(app: FastifyInstance, request: FastifyRequest, schoolId: string, id: string): Promise<SubjectResponse> {
  const session = await sessionOf(app, request);
  const [subject, assignments] = await Promise.all([
    subjectOrNotFound(app.db, schoolId, id),
    session ? repo.listClassSubjects(app.db, schoolId, { academicSessionId: session.id, subjectId: id }) : Promise.resolve([]),
  ]);
  return presentSubject(subject, assignments);
}

export async function createSubject(app: FastifyInstance, request: FastifyRequest, input: { name: string; code: string }) {
  const actor = actorOf(request);
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

export async function updateSubject(app: FastifyInstance, request: FastifyRequest, id: string, input: { name: string; code: string }) {
  const actor = actorOf(request);
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
  return subjectWithClasses(app, request, actor.schoolId, id);
}

export async function deleteSubject(app: FastifyInstance, request: FastifyRequest, id: string) {
  const actor = actorOf(request);
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

export async function assignSubject(app: FastifyInstance, request: FastifyRequest, id: string, input: AssignSubjectInput) {
  const actor = actorOf(request);
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
  return subjectWithClasses(app, request, actor.schoolId, id);
}

async function classSubjectOrNotFound(db: DbOrTx, schoolId: string, id: string) {
  const row = isUuid(id) ? await repo.findClassSubject(db, schoolId, id) : null;
  if (!row) throw notFound('This subject is not taught in that class');
  return row;
}

export async function changeSubjectTeacher(app: FastifyInstance, request: FastifyRequest, id: string, teacherId: string) {
  const actor = actorOf(request);
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

export async function removeClassSubject(app: FastifyInstance, request: FastifyRequest, id: string) {
  const actor = actorOf(request);
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

export async function studentSubjects(app: FastifyInstance, request: FastifyRequest, id: string): Promise<StudentSubjectsResponse> {
  const user = request.user!;
  let student: repo.StudentRow | null = null;
  if (isUuid(id)) {
    if (user.role === 'admin' && user.schoolId) student = await repo.findStudentInSchool(app.db, user.schoolId, id);
    else if (user.role === 'student') student = await repo.findStudentOfUser(app.db, user.id, id);
    else if (user.role === 'parent') student = await repo.findChildOfGuardian(app.db, user.id, id);
  }
  if (!student) throw notFound('Student not found');
  const schoolId = student.schoolId;
  // The session chosen in the top bar, when it is one of the student's school (a guardian's child may
  // attend another school of the organisation: then that school's Active session).
  const chosen = await resolveAcademicSession(app, request);
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

export async function teacherClasses(app: FastifyInstance, request: FastifyRequest): Promise<TeacherClassesResponse> {
  const { user, schoolId } = actorOf(request);
  const session = await sessionOf(app, request);
  if (!session) return { session: null, items: [] };
  const staffId = user.role === 'teacher' ? await repo.staffIdForUser(app.db, schoolId, user.id) : null;
  if (user.role === 'teacher' && !staffId) return { session: presentSessionRef(session), items: [] };
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

import { sortByClass } from '@school/shared/constants';
import type { ClassTimetable, StudentTimetable, TeacherTimetable, TimetableClassList } from '@school/shared/timetable/responses';
import type { SetTimetableSlotInput } from '@school/shared/timetable/schemas';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { type RequestContext, requireSchool } from '../../policies/context';
import { editsTimetables, readsTimetables } from '../../policies/timetable';
import { className, clashMessage, presentClassSubject, presentClassSummary, presentSlot, presentTeacherSlot } from './timetable.presenter';
import * as repo from './timetable.repository';
import { personName } from '../../lib/names';

const TEACHER_UNIQUE = 'timetable_slots_teacher_unique';
const CLASS_NOT_FOUND = 'Class not found';

async function timetableOf(app: FastifyInstance, ctx: RequestContext, cls: repo.ClassRow & { schoolId: string }): Promise<ClassTimetable> {
  const canEdit = editsTimetables(ctx);
  const [slots, subjects] = await Promise.all([
    repo.listSlotsOfClass(app.db, cls.schoolId, cls.id),
    canEdit ? repo.listClassSubjects(app.db, cls.schoolId, cls.id) : Promise.resolve([]),
  ]);
  return {
    class: { ...presentClassSummary(cls), academicSessionId: cls.academicSessionId },
    slots: slots.map(presentSlot),
    subjects: subjects.map(presentClassSubject),
    canEdit,
  };
}

/** A class's week (the route's policy has checked that the actor may see the class). */
export async function getClassTimetable(app: FastifyInstance, ctx: RequestContext, classId: string): Promise<ClassTimetable> {
  if (!readsTimetables(ctx)) throw forbidden();
  const schoolId = requireSchool(ctx, CLASS_NOT_FOUND);
  const cls = await repo.findClass(app.db, schoolId, classId);
  if (!cls) throw notFound(CLASS_NOT_FOUND);
  return timetableOf(app, ctx, { ...cls, schoolId });
}

/** The classes of the selected session, for the administrator's class select. */
export async function listClasses(app: FastifyInstance, ctx: RequestContext): Promise<TimetableClassList> {
  const session = await ctx.academicSession();
  if (!ctx.schoolId || !session) return { items: [], academicSessionId: session?.id ?? null };
  const rows = await repo.listClassesOfSession(app.db, ctx.schoolId, session.id);
  return {
    academicSessionId: session.id,
    items: sortByClass(rows).map((row) => ({
      ...presentClassSummary(row),
      classTeacherName: row.classTeacherName,
      filledSlots: Number(row.filledSlots ?? 0),
    })),
  };
}

/** A unique violation on `constraint`, whichever driver raised it and however drizzle wrapped it. */
function violates(error: unknown, constraint: string): { message?: string } | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown; message?: string };
    if (e.code === '23505' && (e.constraint === constraint || e.constraint_name === constraint)) return e;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Sets one slot to a class subject (its teacher comes with it) or clears it. A teacher already
 * booked in another class at that day and hour is refused with 409 naming the other class: checked
 * in the transaction, and guaranteed by the unique index on (school, session, teacher, day, hour)
 * when two saves race.
 */
export async function setSlot(app: FastifyInstance, ctx: RequestContext, classId: string, input: SetTimetableSlotInput): Promise<ClassTimetable> {
  const { user } = ctx;
  const schoolId = requireSchool(ctx, CLASS_NOT_FOUND);
  const cls = await repo.findClass(app.db, schoolId, classId);
  if (!cls) throw notFound(CLASS_NOT_FOUND);
  const { day, hour } = input;
  /** The teacher being booked, for the message when a concurrent save wins the race. */
  const attempt: { teacherId: string | null } = { teacherId: null };

  try {
    await app.db.transaction(async (tx) => {
      const before = await repo.findSlot(tx, schoolId, cls.id, day, hour);
      const auditBase = {
        organisationId: user.organisationId,
        schoolId,
        userId: user.id,
        entity: 'timetable_slot',
        ip: ctx.ip,
      };
      const describe = (slot: { classSubjectId: string; subjectName: string; teacherId: string | null; teacherName: string | null }) => ({
        classId: cls.id,
        className: className(cls.level, cls.arm),
        day,
        hour,
        classSubjectId: slot.classSubjectId,
        subject: slot.subjectName,
        teacherId: slot.teacherId,
        teacher: slot.teacherName,
      });

      if (input.classSubjectId === null) {
        if (!before) return;
        await repo.deleteSlot(tx, schoolId, cls.id, day, hour);
        await audit(tx, { ...auditBase, action: 'timetable.slot_cleared', entityId: before.id, before: describe(before), after: null });
        return;
      }

      const choice = await repo.findClassSubject(tx, schoolId, input.classSubjectId);
      if (!choice) throw notFound('Subject not found');
      if (choice.classId !== cls.id) {
        const message = `${choice.subjectName} is not a subject of ${className(cls.level, cls.arm)}`;
        throw badRequest(message, { classSubjectId: message });
      }
      attempt.teacherId = choice.teacherId;
      if (choice.teacherId) {
        const booked = await repo.findTeacherBooking(tx, {
          schoolId,
          academicSessionId: cls.academicSessionId,
          teacherId: choice.teacherId,
          day,
          hour,
          exceptClassId: cls.id,
        });
        if (booked) throw conflict(clashMessage(booked.teacherName, className(booked.classLevel, booked.classArm), day, hour));
      }
      const id = await repo.upsertSlot(tx, {
        schoolId,
        academicSessionId: cls.academicSessionId,
        classId: cls.id,
        day,
        hour,
        classSubjectId: choice.id,
        teacherId: choice.teacherId,
      });
      await audit(tx, {
        ...auditBase,
        action: 'timetable.slot_set',
        entityId: id,
        before: before ? describe(before) : null,
        after: describe({ classSubjectId: choice.id, subjectName: choice.subjectName, teacherId: choice.teacherId, teacherName: choice.teacherName }),
      });
    });
  } catch (error) {
    // Another save booked the teacher between our check and our write.
    if (violates(error, TEACHER_UNIQUE) && attempt.teacherId) {
      const booked = await repo.findTeacherBooking(app.db, {
        schoolId,
        academicSessionId: cls.academicSessionId,
        teacherId: attempt.teacherId,
        day,
        hour,
        exceptClassId: cls.id,
      });
      throw conflict(
        booked
          ? clashMessage(booked.teacherName, className(booked.classLevel, booked.classArm), day, hour)
          : 'This teacher is already booked in another class at that time',
      );
    }
    throw error;
  }
  return timetableOf(app, ctx, { ...cls, schoolId });
}

/** The signed-in teacher's week across their classes, in the selected session. */
export async function getMyTimetable(app: FastifyInstance, ctx: RequestContext): Promise<TeacherTimetable> {
  const { schoolId } = ctx;
  if (!schoolId) return { teacher: null, academicSessionId: null, slots: [] };
  const [me, session] = await Promise.all([repo.staffForUser(app.db, schoolId, ctx.user.id), ctx.academicSession()]);
  if (!me || !session) return { teacher: me, academicSessionId: session?.id ?? null, slots: [] };
  const slots = await repo.listSlotsOfTeacher(app.db, schoolId, session.id, me.id);
  return { teacher: me, academicSessionId: session.id, slots: slots.map(presentTeacherSlot) };
}

/** A student's class timetable (the route's policy has checked that the actor may see the student). */
export async function getStudentTimetable(app: FastifyInstance, ctx: RequestContext, studentId: string): Promise<StudentTimetable> {
  const student = ctx.schoolId ? await repo.findStudentInSchool(app.db, ctx.schoolId, studentId) : null;
  if (!student) throw notFound('Student not found');

  const selected = await ctx.academicSession();
  const session = selected && selected.schoolId === student.schoolId ? selected : await repo.sessionOfSchool(app.db, student.schoolId, selected?.name ?? null);
  const presentStudent = { id: student.id, name: personName(student) };
  if (!session) return { student: presentStudent, class: null, academicSessionId: null, slots: [] };
  const cls = await repo.enrolledClass(app.db, student.schoolId, session.id, student.id);
  const slots = cls ? await repo.listSlotsOfClass(app.db, student.schoolId, cls.id) : [];
  return {
    student: presentStudent,
    class: cls ? presentClassSummary(cls) : null,
    academicSessionId: session.id,
    slots: slots.map(presentSlot),
  };
}

/**
 * Timetables. A school's administrators set its classes' weeks. A class's week is read by whoever may
 * see the class (policies/academics.ts: its administrators, the teachers who teach it, the pupils
 * enrolled in it and their parents), each also holding the grant of the area where they meet
 * timetables. A teacher reads their own week; a student's week is for whoever may see the student.
 */
import { type Area, can } from '@school/shared/auth/permissions';
import { canViewClass } from './academics';
import { FAMILY, isTeacher, SCHOOL_ADMINS, SCHOOL_STAFF, TEACHERS } from './actors';
import type { RequestContext } from './context';
import { admits, matrixRoute, record } from './policy';
import { schoolRecord } from './records';
import { student } from './students';

const schoolClass = schoolRecord('class', 'classes');

export const timetablePolicy = {
  /** The classes of the session with how full their weeks are: the administrator's class select. */
  listClasses: matrixRoute('timetable.listClasses', 'academics', 'view', { actors: SCHOOL_ADMINS }),
  /** A class's week (the reader's area grant is checked by `readsTimetables`). */
  readClass: matrixRoute('timetable.readClass', 'dashboard', 'view', {
    actors: [...SCHOOL_ADMINS, ...TEACHERS, ...FAMILY],
    params: { classId: record('class', canViewClass) },
  }),
  setSlot: matrixRoute('timetable.setSlot', 'academics', 'edit', { actors: SCHOOL_ADMINS, params: { classId: schoolClass } }),
  /** The signed-in teacher's week (an account without a staff record: an empty one). */
  readOwn: matrixRoute('timetable.readOwn', 'lesson-notes', 'view', { actors: SCHOOL_STAFF }),
  readStudent: matrixRoute('timetable.readStudent', 'academics', 'view', { actors: [...SCHOOL_ADMINS, ...FAMILY], params: { studentId: student } }),
};

/**
 * Whether the actor holds the grant of the area where they meet class timetables: a teacher their
 * lesson-notes area, administrators, pupils and parents academics (the route itself needs only the dashboard).
 */
export function readsTimetables(ctx: Pick<RequestContext, 'user'>): boolean {
  const area: Area = isTeacher(ctx) ? 'lesson-notes' : 'academics';
  return can(ctx.user.matrix, ctx.user.role, area, 'view');
}

/** Whether a class's week offers the actor its subjects to set slots with: whoever may set them. */
export const editsTimetables = (ctx: Pick<RequestContext, 'user'>) => admits(timetablePolicy.setSlot, ctx.user);

/**
 * Attendance: a school's staff take registers and read rates (an administrator every class, a
 * teacher the classes they are class teacher of); a student's calendar is for whoever may see the
 * student (policies/students.ts); the absence-notice switch is the school administrators'.
 */
import { isSchoolAdmin, SCHOOL_ADMINS, SCHOOL_STAFF } from './actors';
import type { RequestContext } from './context';
import { matrixRoute } from './policy';
import { student } from './students';

const staff = { actors: SCHOOL_STAFF };

export const attendancePolicy = {
  /** The register screens: terms, the classes whose register the actor takes, a register, a teacher's overview. */
  readOptions: matrixRoute('attendance.readOptions', 'attendance', 'view', staff),
  readRegister: matrixRoute('attendance.readRegister', 'attendance', 'view', staff),
  saveRegister: matrixRoute('attendance.saveRegister', 'attendance', 'edit', staff),
  readTeacherOverview: matrixRoute('attendance.readTeacherOverview', 'attendance', 'view', staff),
  readRates: matrixRoute('attendance.readRates', 'attendance', 'view', staff),
  readStudent: matrixRoute('attendance.readStudent', 'attendance', 'view', { params: { studentId: student } }),
  readSettings: matrixRoute('attendance.readSettings', 'settings', 'view', { actors: SCHOOL_ADMINS }),
  editSettings: matrixRoute('attendance.editSettings', 'settings', 'edit', { actors: SCHOOL_ADMINS }),
};

/** Whether the actor's registers and rates cover every class of the school (an administrator), not only their own. */
export const seesEveryRegister = (ctx: Pick<RequestContext, 'user'>) => isSchoolAdmin(ctx);

/** Who takes a class's register: the school's administrators any class, a teacher the classes they are class teacher of. */
export function mayTakeRegister(ctx: Pick<RequestContext, 'user'>, cls: { classTeacherId: string | null }, staffId: string | null): boolean {
  return seesEveryRegister(ctx) || (staffId !== null && cls.classTeacherId === staffId);
}

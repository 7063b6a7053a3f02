/**
 * Dashboards: each role's own. The matrix grants every role dashboard `view`; which dashboard is
 * whose is said here: the school's figures are its administrators', a teacher's classes the
 * teacher's, a family's children the family's. A student's dashboard opens for the student
 * themself, their parents and the school's administrators (policies/students.ts decides which student).
 */
import { ADMINISTRATORS, FAMILY, PARENTS, SCHOOL_ADMINS, TEACHERS } from './actors';
import { matrixRoute } from './policy';
import { student } from './students';

export const dashboardsPolicy = {
  readAdmin: matrixRoute('dashboard.readAdmin', 'dashboard', 'view', { actors: SCHOOL_ADMINS }),
  readTeacher: matrixRoute('dashboard.readTeacher', 'dashboard', 'view', { actors: TEACHERS }),
  readStudent: matrixRoute('dashboard.readStudent', 'dashboard', 'view', { actors: [...SCHOOL_ADMINS, ...FAMILY], params: { studentId: student } }),
  readParent: matrixRoute('dashboard.readParent', 'dashboard', 'view', { actors: PARENTS }),
  /**
   * A school's set-up checklist: its administrators (their own school), and the organisation's owners for
   * a school of theirs named with `?schoolId=` (the service answers 404 for any other school).
   */
  readSetup: matrixRoute('dashboard.readSetup', 'dashboard', 'view', { actors: ADMINISTRATORS }),
};

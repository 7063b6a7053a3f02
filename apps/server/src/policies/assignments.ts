/**
 * Assignments: a teacher sets them for the classes and subjects they teach and changes their own; a
 * school's administrators read the school's; a student and their parents read those of the
 * student's class.
 */
import type { Role } from '@school/shared/auth/roles';
import { FAMILY, SCHOOL_ADMINS, SCHOOL_STAFF, TEACHERS } from './actors';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { matrixRoute, record } from './policy';
import { student } from './students';

const SET_ONLY_BY_TEACHERS = 'Only teachers can set assignments';
const setters = { actors: TEACHERS, refusal: SET_ONLY_BY_TEACHERS };
/** An assignment the actor set: only its teacher changes or removes it. */
const assignment = record(
  'assignment',
  async (db, ctx, id) =>
    rowsOf(
      await db.execute(sql`select 1 from assignments a join staff st on st.school_id = a.school_id and st.id = a.teacher_id
        where a.id = ${id} and a.school_id = ${ctx.schoolId} and st.user_id = ${ctx.user.id} limit 1`),
    ).length > 0,
  'Assignment not found',
);
const STUDENT_READERS: readonly Role[] = [...SCHOOL_ADMINS, ...FAMILY];

export const assignmentsPolicy = {
  /** The assignments screen: a teacher's own (an administrator reading it: the school's). */
  readScreen: matrixRoute('assignments.readScreen', 'assessments', 'view', { actors: SCHOOL_STAFF }),
  create: matrixRoute('assignments.create', 'assessments', 'add', setters),
  edit: matrixRoute('assignments.edit', 'assessments', 'edit', { ...setters, params: { id: assignment } }),
  remove: matrixRoute('assignments.remove', 'assessments', 'delete', { ...setters, params: { id: assignment } }),
  /** The assignments of a student's class: the student, their parents, the school's administrators. */
  readForStudent: matrixRoute('assignments.readForStudent', 'academics', 'view', { actors: STUDENT_READERS, params: { id: student } }),
};

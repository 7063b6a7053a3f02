/**
 * "May this actor see this student?" — the one copy of the rule (it was written five times, each a
 * little different):
 * - a school's administrator: any student of the school; an owner: any student of their organisation;
 * - a teacher: a student enrolled, in the session the request looks at, in a class the teacher is
 *   class teacher of or teaches a subject in;
 * - a student: themself; a parent: their children.
 */
import { can } from '@school/shared/auth/permissions';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import { FAMILY, isFamily, isParent, isStudent, isTeacher, SCHOOL_ADMINS, SCHOOL_STAFF, STUDENTS } from './actors';
import type { RequestContext } from './context';
import { matrixRoute, record } from './policy';
import { inActorsSchool } from './records';

type Ctx = Pick<RequestContext, 'user' | 'schoolId' | 'organisationId' | 'academicSession'>;

/** The ids of the students a pupil or a parent may look at: themself, their children (empty for anyone else). */
export async function familyStudentIds(db: DbOrTx, ctx: Ctx): Promise<string[]> {
  if (!ctx.schoolId || !isFamily(ctx)) return [];
  const query = isStudent(ctx)
    ? sql`select s.id from students s where s.school_id = ${ctx.schoolId} and s.user_id = ${ctx.user.id}`
    : sql`select sg.student_id as id from student_guardians sg
          join guardians g on g.school_id = sg.school_id and g.id = sg.guardian_id
          where sg.school_id = ${ctx.schoolId} and g.user_id = ${ctx.user.id}`;
  return rowsOf<{ id: string }>(await db.execute(query)).map((r) => r.id);
}

/** Whether the student is the pupil themself or one of the parent's children. */
export async function isOwnOrChild(db: DbOrTx, ctx: Ctx, studentId: string): Promise<boolean> {
  if (!ctx.schoolId || !isFamily(ctx)) return false;
  const query = isParent(ctx)
    ? sql`select 1 from student_guardians sg
          join guardians g on g.school_id = sg.school_id and g.id = sg.guardian_id
          where sg.school_id = ${ctx.schoolId} and sg.student_id = ${studentId} and g.user_id = ${ctx.user.id} limit 1`
    : sql`select 1 from students s where s.school_id = ${ctx.schoolId} and s.id = ${studentId} and s.user_id = ${ctx.user.id} limit 1`;
  return rowsOf(await db.execute(query)).length > 0;
}

/** The classes of the request's session a teacher is class teacher of or teaches a subject in. */
export async function taughtClassIds(db: DbOrTx, ctx: Ctx): Promise<string[]> {
  const session = await ctx.academicSession();
  if (!ctx.schoolId || !session) return [];
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select c.id from classes c join staff st on st.school_id = c.school_id and st.user_id = ${ctx.user.id}
      where c.school_id = ${ctx.schoolId} and c.academic_session_id = ${session.id}
        and (c.class_teacher_id = st.id or exists (select 1 from class_subjects cs where cs.school_id = c.school_id and cs.class_id = c.id and cs.teacher_id = st.id))`),
  );
  return rows.map((r) => r.id);
}

async function teacherTeaches(db: DbOrTx, ctx: Ctx, studentId: string): Promise<boolean> {
  const classIds = await taughtClassIds(db, ctx);
  if (classIds.length === 0) return false;
  const rows = rowsOf(
    await db.execute(sql`select 1 from enrolments e where e.school_id = ${ctx.schoolId} and e.student_id = ${studentId}
      and e.class_id in (${sql.join(
        classIds.map((id) => sql`${id}`),
        sql`, `,
      )}) limit 1`),
  );
  return rows.length > 0;
}

/** The rule itself (see the top of this file). */
export async function canViewStudent(db: DbOrTx, ctx: RequestContext, studentId: string): Promise<boolean> {
  if (isFamily(ctx)) return isOwnOrChild(db, ctx, studentId);
  if (isTeacher(ctx)) return teacherTeaches(db, ctx, studentId);
  return inActorsSchool(db, ctx, 'students', studentId);
}

/** Which students a list shows this actor: all of the school's, those of some classes, or some ids. */
export type StudentScope = { all: true } | { all: false; classIds: string[] } | { all: false; studentIds: string[] };

/** The scope of student lists for this actor (the same rule as `canViewStudent`, for many rows). */
export async function studentScope(db: DbOrTx, ctx: RequestContext): Promise<StudentScope> {
  if (isFamily(ctx)) return { all: false, studentIds: await familyStudentIds(db, ctx) };
  if (isTeacher(ctx)) return { all: false, classIds: await taughtClassIds(db, ctx) };
  return { all: true };
}

/** The URL names a student this actor may see. */
export const student = record('student', canViewStudent);
/** The URL names a student of the actor's school (for staff screens whose actors the route already limits). */
export const studentOfSchool = record('student', (db, ctx, id) => inActorsSchool(db, ctx, 'students', id));

const schoolStaff = { actors: SCHOOL_STAFF };

export const studentsPolicy = {
  /** The students list, its CSV and its class filter: a school's staff (a teacher: the classes they teach). */
  list: matrixRoute('students.list', 'students', 'view', schoolStaff),
  exportCsv: matrixRoute('students.exportCsv', 'students', 'view', schoolStaff),
  listClasses: matrixRoute('students.listClasses', 'students', 'view', schoolStaff),
  read: matrixRoute('students.read', 'students', 'view', { ...schoolStaff, params: { id: student } }),
  /** A student's personal details are the school administrators' to correct. */
  edit: matrixRoute('students.edit', 'students', 'edit', { actors: SCHOOL_ADMINS, params: { id: studentOfSchool } }),
  /** The passport photo printed on the report cards, likewise. */
  editPhoto: matrixRoute('students.editPhoto', 'students', 'edit', { actors: SCHOOL_ADMINS, params: { id: studentOfSchool } }),
  /** The pupil's own profile, or a parent's child's. */
  readOwnProfile: matrixRoute('students.readOwnProfile', 'profile', 'view', { actors: FAMILY, params: { id: student } }),
  /** Only the pupil changes (the address of) their own profile. */
  editOwnProfile: matrixRoute('students.editOwnProfile', 'profile', 'edit', { actors: STUDENTS, params: { id: student } }),
};

/** Whether student lists show each student's fee status: that is finance's, for those the matrix lets view finance. */
export const seesFeeStatus = (ctx: Pick<RequestContext, 'user'>) => can(ctx.user.matrix, ctx.user.role, 'finance', 'view');

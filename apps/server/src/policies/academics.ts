/**
 * Classes, subjects and who teaches what. A school's administrators set them up; everyone else sees
 * their own: a teacher the classes they are class teacher of or teach a subject in, a pupil their
 * class, a parent their children's (policies/students.ts says which students those are).
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import { FAMILY, isFamily, isSchoolStaff, isTeacher, SCHOOL_ADMINS, SCHOOL_STAFF } from './actors';
import type { RequestContext } from './context';
import { matrixRoute, record } from './policy';
import { inActorsSchool, schoolRecord } from './records';
import { familyStudentIds, student, taughtClassIds } from './students';

/** Which classes of the request's session a list shows the actor: all of the school's, or these. */
export type ClassScope = { all: true } | { all: false; classIds: string[] };

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The classes of the request's session the pupil, or the parent's children, are enrolled in. */
async function familyClassIds(db: DbOrTx, ctx: RequestContext): Promise<string[]> {
  const [ids, session] = await Promise.all([familyStudentIds(db, ctx), ctx.academicSession()]);
  if (ids.length === 0 || !session) return [];
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select distinct e.class_id as id from enrolments e
      where e.school_id = ${ctx.schoolId} and e.academic_session_id = ${session.id} and e.student_id in (${idList(ids)})`),
  );
  return rows.map((r) => r.id);
}

/** The scope of class lists for this actor (the same rule as `canViewClass`, for the request's session). */
export async function classScope(db: DbOrTx, ctx: RequestContext): Promise<ClassScope> {
  if (isTeacher(ctx)) return { all: false, classIds: await taughtClassIds(db, ctx) };
  if (isFamily(ctx)) return { all: false, classIds: await familyClassIds(db, ctx) };
  return { all: true };
}

/**
 * Whether the actor may see the class (of whichever session): an administrator any of the school
 * (an owner, of the organisation), a teacher one they are class teacher of or teach a subject in, a
 * pupil or a parent one the pupil or a child is enrolled in.
 */
export async function canViewClass(db: DbOrTx, ctx: RequestContext, id: string): Promise<boolean> {
  if (isTeacher(ctx)) {
    return (
      rowsOf(
        await db.execute(sql`select 1 from classes c join staff st on st.school_id = c.school_id and st.user_id = ${ctx.user.id}
          where c.id = ${id} and c.school_id = ${ctx.schoolId}
            and (c.class_teacher_id = st.id or exists (select 1 from class_subjects cs where cs.school_id = c.school_id and cs.class_id = c.id and cs.teacher_id = st.id))
          limit 1`),
      ).length > 0
    );
  }
  if (isFamily(ctx)) {
    const ids = await familyStudentIds(db, ctx);
    if (ids.length === 0) return false;
    return (
      rowsOf(
        await db.execute(
          sql`select 1 from enrolments e where e.school_id = ${ctx.schoolId} and e.class_id = ${id} and e.student_id in (${idList(ids)}) limit 1`,
        ),
      ).length > 0
    );
  }
  return inActorsSchool(db, ctx, 'classes', id);
}

/** The URL names a class this actor may see. */
export const visibleClass = record('class', canViewClass);
const schoolClass = schoolRecord('class', 'classes');
const subject = schoolRecord('subject', 'subjects');
const classSubject = record('class-subject', (db, ctx, id) => inActorsSchool(db, ctx, 'class_subjects', id), 'This subject is not taught in that class');

const admins = { actors: SCHOOL_ADMINS };

export const academicsPolicy = {
  /** The school's teachers, to choose class and subject teachers from. */
  listTeachers: matrixRoute('academics.listTeachers', 'academics', 'edit', admins),
  /** The session's classes and subjects: all for administrators, one's own for everyone else (`classScope`). */
  listClasses: matrixRoute('academics.listClasses', 'academics', 'view'),
  readClass: matrixRoute('academics.readClass', 'academics', 'view', { params: { id: visibleClass } }),
  addClass: matrixRoute('academics.addClass', 'academics', 'add', admins),
  editClass: matrixRoute('academics.editClass', 'academics', 'edit', { ...admins, params: { id: schoolClass } }),
  deleteClass: matrixRoute('academics.deleteClass', 'academics', 'delete', { ...admins, params: { id: schoolClass } }),
  listSubjects: matrixRoute('academics.listSubjects', 'academics', 'view'),
  addSubject: matrixRoute('academics.addSubject', 'academics', 'add', admins),
  editSubject: matrixRoute('academics.editSubject', 'academics', 'edit', { ...admins, params: { id: subject } }),
  deleteSubject: matrixRoute('academics.deleteSubject', 'academics', 'delete', { ...admins, params: { id: subject } }),
  assignSubject: matrixRoute('academics.assignSubject', 'academics', 'add', { ...admins, params: { id: subject } }),
  /** Bulk set-up (issue 19): catalogue subjects, every arm of several levels, a subject in every arm of a level. */
  addSubjects: matrixRoute('academics.addSubjects', 'academics', 'add', admins),
  addClasses: matrixRoute('academics.addClasses', 'academics', 'add', admins),
  assignSubjectToLevel: matrixRoute('academics.assignSubjectToLevel', 'academics', 'add', { ...admins, params: { id: subject } }),
  changeSubjectTeacher: matrixRoute('academics.changeSubjectTeacher', 'academics', 'edit', { ...admins, params: { id: classSubject } }),
  /** Many subject teachers at once from a file: the same matrix cell as changing one. */
  importSubjectTeachers: matrixRoute('academics.importSubjectTeachers', 'academics', 'edit', admins),
  /** The import's file filled in with a session's classes, subjects and teachers: whoever may import it. */
  subjectTeachersTemplate: matrixRoute('academics.subjectTeachersTemplate', 'academics', 'edit', admins),
  removeClassSubject: matrixRoute('academics.removeClassSubject', 'academics', 'delete', { ...admins, params: { id: classSubject } }),
  /** One student's subjects: the school's administrators, the pupil themself, a parent their child. */
  readStudentSubjects: matrixRoute('academics.readStudentSubjects', 'academics', 'view', { actors: [...SCHOOL_ADMINS, ...FAMILY], params: { id: student } }),
  /** A teacher's classes (an administrator: every class). */
  teacherClasses: matrixRoute('academics.teacherClasses', 'students', 'view', { actors: SCHOOL_STAFF }),
};

/** Whether the actor sees a class's list of students: its staff do; a pupil or a parent sees the class, not the classmates. */
export const seesClassList = (ctx: Pick<RequestContext, 'user'>) => isSchoolStaff(ctx);

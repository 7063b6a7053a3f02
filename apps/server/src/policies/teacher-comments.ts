/**
 * Teachers' comments on their students for a term: teachers write them on students of the classes
 * they teach and remove their own; a school's administrators read all of them; a student and their
 * parents read the student's once the term is published (`seesUnpublishedResults`, policies/results.ts).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { SCHOOL_STAFF, TEACHERS } from './actors';
import { matrixRoute, record } from './policy';
import { schoolScope } from './records';
import { RESULT_READERS, resultsStudent } from './results';

/** A comment the actor wrote, in their school: for anyone else it does not exist. */
const ownComment = record(
  'teacher-comment',
  async (db, ctx, id) => {
    const inSchool = await schoolScope(db, ctx, sql`c.school_id`);
    if (!inSchool) return false;
    return (
      rowsOf(await db.execute(sql`select 1 from teacher_comments c where c.id = ${id} and c.author_user_id = ${ctx.user.id} and ${inSchool} limit 1`)).length >
      0
    );
  },
  'Comment not found',
);

export const teacherCommentsPolicy = {
  /** The comments screen: a teacher's classes (an administrator reading it: the school's). */
  readScreen: matrixRoute('teacherComments.readScreen', 'assessments', 'view', { actors: SCHOOL_STAFF }),
  /** Only teachers write comments, on students of the classes they teach (checked with the body). */
  add: matrixRoute('teacherComments.add', 'assessments', 'add', { actors: TEACHERS }),
  remove: matrixRoute('teacherComments.remove', 'assessments', 'delete', { actors: TEACHERS, params: { id: ownComment } }),
  /** One student's comments of a term, beside their results. */
  readStudent: matrixRoute('teacherComments.readStudent', 'records', 'view', { actors: RESULT_READERS, params: { studentId: resultsStudent } }),
};

/**
 * Report cards: a school's administrators build a class's cards and write the principal's comment;
 * a class teacher writes their class's class teacher's comments (administrators any class's);
 * a student and their parents read the student's card once the term is published (and unlocked with
 * a PIN when the school asks, `seesUnpublishedResults` in policies/results.ts).
 */
import { isSchoolAdmin, SCHOOL_ADMINS, SCHOOL_STAFF } from './actors';
import { mayTakeRegister } from './attendance';
import type { RequestContext } from './context';
import { admits, matrixRoute, record } from './policy';
import { inActorsSchool, schoolRecord } from './records';
import { RESULT_READERS, resultsStudent } from './results';
import { studentOfSchool } from './students';

const office = { actors: SCHOOL_ADMINS };

const cls = schoolRecord('class', 'classes');
/** A class's report-card build of the actor's school. */
const job = record('class-job', (db, ctx, id) => inActorsSchool(db, ctx, 'report_card_jobs', id), 'Report card job not found');
/** A whole school's report-card build of the actor's school. */
const schoolJob = record('school-job', (db, ctx, id) => inActorsSchool(db, ctx, 'school_report_card_jobs', id), 'Report card job not found');

export const reportCardsPolicy = {
  /** A class's cards, built as one PDF by the school's administrators. */
  listClasses: matrixRoute('reportCards.listClasses', 'records', 'add', office),
  readClass: matrixRoute('reportCards.readClass', 'records', 'add', { ...office, params: { classId: cls } }),
  buildClassCards: matrixRoute('reportCards.buildClassCards', 'records', 'add', office),
  readClassJob: matrixRoute('reportCards.readClassJob', 'records', 'add', { ...office, params: { id: job } }),
  /** Every class's cards of a term, built as one PDF by the school's administrators. */
  buildSchoolCards: matrixRoute('reportCards.buildSchoolCards', 'records', 'add', office),
  latestSchoolJob: matrixRoute('reportCards.latestSchoolJob', 'records', 'add', office),
  readSchoolJob: matrixRoute('reportCards.readSchoolJob', 'records', 'add', { ...office, params: { id: schoolJob } }),
  /** One student's card and the terms it exists for. */
  readCard: matrixRoute('reportCards.readCard', 'records', 'view', { actors: RESULT_READERS, params: { studentId: resultsStudent } }),
  writePrincipalComment: matrixRoute('reportCards.writePrincipalComment', 'records', 'edit', { ...office, params: { studentId: studentOfSchool } }),
  /** A class's principal's comments in one grid (the class and term are in the query or body): who writes the comment card by card. */
  readClassPrincipalComments: matrixRoute('reportCards.readClassPrincipalComments', 'records', 'edit', office),
  writeClassPrincipalComments: matrixRoute('reportCards.writeClassPrincipalComments', 'records', 'edit', office),
  /**
   * A class's class teacher's comments in one grid: the class teacher, or an administrator (checked
   * with the class named in the query or body, `mayWriteClassTeacherComments`). The matrix cell is
   * the class teacher's other class-wide entries' (register, ratings).
   */
  readClassTeacherCommentOptions: matrixRoute('reportCards.readClassTeacherCommentOptions', 'attendance', 'view', { actors: SCHOOL_STAFF }),
  readClassTeacherComments: matrixRoute('reportCards.readClassTeacherComments', 'attendance', 'view', { actors: SCHOOL_STAFF }),
  writeClassTeacherComments: matrixRoute('reportCards.writeClassTeacherComments', 'attendance', 'edit', { actors: SCHOOL_STAFF }),
};

/** Whether the card offers the actor the principal's comment to edit (the route they would write it through admits them). */
export const mayWritePrincipalComment = (ctx: Pick<RequestContext, 'user'>) => admits(reportCardsPolicy.writePrincipalComment, ctx.user);

/** Who writes a class's class teacher's comments: the school's administrators any class, a teacher the classes they are class teacher of. */
export function mayWriteClassTeacherComments(ctx: Pick<RequestContext, 'user'>, cls: { classTeacherId: string | null }, staffId: string | null): boolean {
  return mayTakeRegister(ctx, cls, staffId);
}

/** Whether the actor writes every class's class teacher's comments (their options list them all). */
export const writesEveryClassTeacherComment = (ctx: Pick<RequestContext, 'user'>) => isSchoolAdmin(ctx);

/** Whether the actor may still change a class's class teacher's comments once its results of the term are published. */
export const changesPublishedClassTeacherComments = (ctx: Pick<RequestContext, 'user'>) => isSchoolAdmin(ctx);

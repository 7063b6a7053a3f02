/**
 * Results: the school's result settings, score entry, the administrators' records (broadsheets,
 * publication, grades, transcripts) and one student's results. Teachers enter the scores of the
 * subjects they teach; a school's administrators keep every class's records; a student and their
 * parents read the student's results once published (and unlocked with a PIN when the school asks).
 */
import type { Role } from '@school/shared/auth/roles';
import type { DbOrTx } from '../db/client';
import { ADMINISTRATORS, FAMILY, isFamily, isSchoolAdmin, SCHOOL_ADMINS, SCHOOL_STAFF, TEACHERS } from './actors';
import type { RequestContext } from './context';
import { matrixRoute, record } from './policy';
import { canViewStudent, studentOfSchool } from './students';

/** Who reads one student's results, report cards and comments: the school's administrators and the student's family. */
export const RESULT_READERS: readonly Role[] = [...SCHOOL_ADMINS, ...FAMILY];

/** Whether the actor may read this student's results: an administrator any of the school, a family their own (children's). */
export async function mayReadResultsOf(db: DbOrTx, ctx: RequestContext, studentId: string): Promise<boolean> {
  return resultsViewOf(ctx) !== 'none' && canViewStudent(db, ctx, studentId);
}

/** A school's administrators see a term's results before publication; a family waits for it (and for a PIN when the school asks). */
export const seesUnpublishedResults = (ctx: Pick<RequestContext, 'user'>) => isSchoolAdmin(ctx);

/**
 * Which results of a student the actor sees once the student is known visible to them (mayReadResultsOf
 * without its student check): `all` terms (administrators), `published` ones behind the school's PINs
 * (the family), or `none` (a teacher opening a profile).
 */
export function resultsViewOf(ctx: Pick<RequestContext, 'user'>): 'all' | 'published' | 'none' {
  if (isSchoolAdmin(ctx)) return 'all';
  return isFamily(ctx) ? 'published' : 'none';
}

/** A school's administrators keep every class's scores, published or not; a teacher, the subjects they teach until publication. */
export const keepsEveryClassScores = (ctx: Pick<RequestContext, 'user'>) => isSchoolAdmin(ctx);

const records = { actors: SCHOOL_ADMINS };
/** The URL names a student whose results (report card, comments) the actor may read. */
export const resultsStudent = record('student', mayReadResultsOf);

export const resultsPolicy = {
  /** Component maxima, grading scale, pass mark, PIN requirement: a school's administrators, or an owner for a school they name. */
  readSettings: matrixRoute('results.readSettings', 'settings', 'view', { actors: ADMINISTRATORS }),
  editSettings: matrixRoute('results.editSettings', 'settings', 'edit', { actors: ADMINISTRATORS }),
  /** The score-entry screen (a teacher: the classes and subjects they teach; an administrator reading it: all). */
  readScoreEntry: matrixRoute('results.readScoreEntry', 'assessments', 'view', { actors: SCHOOL_STAFF }),
  /** Only teachers enter scores here; administrators correct them through the records routes. */
  enterScores: matrixRoute('results.enterScores', 'assessments', 'edit', { actors: TEACHERS }),
  /** The administrators' records: any class's grid, broadsheet, grades, publication. */
  readRecords: matrixRoute('results.readRecords', 'records', 'view', records),
  correctScores: matrixRoute('results.correctScores', 'records', 'edit', records),
  setPublication: matrixRoute('results.setPublication', 'records', 'edit', records),
  readTranscript: matrixRoute('results.readTranscript', 'records', 'view', { ...records, params: { studentId: studentOfSchool } }),
  /** One student's results per term: administrators all terms, the family published ones. */
  readStudentResults: matrixRoute('results.readStudent', 'records', 'view', { actors: RESULT_READERS, params: { studentId: resultsStudent } }),
  /**
   * The approval chain (issue 18, ADR 0032). Where each class stands: administrators every class, a
   * teacher the classes they teach or are class teacher of (the service narrows, `approvalScope`).
   */
  readApprovals: matrixRoute('results.readApprovals', 'assessments', 'view', { actors: SCHOOL_STAFF }),
  /** Hand in a sheet: its subject teacher (checked with the sheet: `maySubmitSheet`). */
  submitSheet: matrixRoute('results.submitSheet', 'assessments', 'edit', { actors: TEACHERS }),
  /** Send a sheet back, or pass the class on: its class teacher (`mayReviewClass`). */
  reviewClass: matrixRoute('results.reviewClass', 'assessments', 'edit', { actors: TEACHERS }),
  /** An administrator does either for anybody, through the records routes (as with scores: `correctScores`). */
  submitAnySheet: matrixRoute('results.submitAnySheet', 'records', 'edit', records),
  reviewAnyClass: matrixRoute('results.reviewAnyClass', 'records', 'edit', records),
  /** Approve classes, or send one back to its class teacher: the principal, i.e. the school's administrators. */
  approveClasses: matrixRoute('results.approveClasses', 'records', 'edit', records),
};

/** Whether the actor may submit a subject's sheet: an administrator any, a teacher the subjects they teach in the class. */
export function maySubmitSheet(ctx: Pick<RequestContext, 'user'>, classSubject: { teacherId: string | null }, staffId: string | null): boolean {
  return isSchoolAdmin(ctx) || (staffId !== null && classSubject.teacherId === staffId);
}

/** Whether the actor reviews a class (and returns its sheets): an administrator any, a teacher the classes they are class teacher of. */
export function mayReviewClass(ctx: Pick<RequestContext, 'user'>, cls: { classTeacherId: string | null }, staffId: string | null): boolean {
  return isSchoolAdmin(ctx) || (staffId !== null && cls.classTeacherId === staffId);
}

/** Whether the actor approves classes and returns them to their class teacher (the principal's step). */
export const approvesResults = (ctx: Pick<RequestContext, 'user'>) => isSchoolAdmin(ctx);

/** Which classes' approval state the actor sees: every class (`all`), or those they teach or are class teacher of. */
export const approvalScope = (ctx: Pick<RequestContext, 'user'>): 'all' | 'mine' => (isSchoolAdmin(ctx) ? 'all' : 'mine');

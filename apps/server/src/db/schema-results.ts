/**
 * Results (DESIGN.md section 4): each school's result settings, the component scores of each
 * student per subject and term, and which classes' term results are published.
 * Totals, grades and positions are computed from these rows and the settings at the time of reading
 * (apps/server/src/modules/results/results.compute.ts) until a class's term is published: then the
 * computed results are kept with the publication, and that record is what everyone reads (issue 18).
 */
import type { ClassTermResults } from '@school/shared/results/types';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { byUserId, classId, schoolId, studentId, subjectId, termId } from './schema-core';
import { inSchool } from './school-table';

/** A school without a row uses DEFAULT_RESULT_SETTINGS (packages/shared/src/results/settings.ts). */
export const resultSettings = inSchool(
  pgTable(
    'result_settings',
    {
      schoolId: schoolId().primaryKey(),
      test1Max: integer('test1_max').notNull(),
      test2Max: integer('test2_max').notNull(),
      assignmentMax: integer('assignment_max').notNull(),
      examMax: integer('exam_max').notNull(),
      /** GradeBand[]: { min, max, grade, point, remark } covering 0–100 without gaps or overlaps */
      gradingScale: jsonb('grading_scale').notNull(),
      passMark: integer('pass_mark').notNull(),
      requirePin: boolean('require_pin').notNull().default(false),
      updatedByUserId: byUserId('updated_by_user_id'),
      updatedAt: updatedAt(),
    },
    (t) => [check('result_settings_maxima_sum', sql`${t.test1Max} + ${t.test2Max} + ${t.assignmentMax} + ${t.examMax} = 100`)],
  ),
);

const score = (name: string) => numeric(name, { precision: 4, scale: 1, mode: 'number' });
/** whole or half marks from 0 */
const halfMarks = (column: string) => sql.raw(`(${column} is null or (${column} >= 0 and ${column} * 2 = floor(${column} * 2)))`);

export const scores = inSchool(
  pgTable(
    'scores',
    {
      id: id(),
      schoolId: schoolId(),
      studentId: studentId('cascade'),
      subjectId: subjectId(),
      termId: termId('cascade'),
      test1: score('test1'),
      test2: score('test2'),
      assignment: score('assignment'),
      exam: score('exam'),
      enteredByUserId: byUserId('entered_by_user_id'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      uniqueIndex('scores_term_student_subject_unique').on(t.schoolId, t.termId, t.studentId, t.subjectId),
      index('scores_school_student_idx').on(t.schoolId, t.studentId),
      check('scores_test1_check', halfMarks('test1')),
      check('scores_test2_check', halfMarks('test2')),
      check('scores_assignment_check', halfMarks('assignment')),
      check('scores_exam_check', halfMarks('exam')),
    ],
  ),
);

/** A class's results of a term are visible to its students and parents once published. */
export const resultPublications = inSchool(
  pgTable(
    'result_publications',
    {
      schoolId: schoolId(),
      termId: termId('cascade'),
      classId: classId('cascade'),
      publishedByUserId: byUserId('published_by_user_id'),
      /** When it was published, or last re-published. */
      publishedAt: timestamptz('published_at').notNull().defaultNow(),
      /**
       * ClassTermResults as computed at publication: what students, parents, report cards and the
       * broadsheet show from then on, whatever changes later. Null only for a publication made before
       * results were kept (0019), computed when read until the server keeps it (freezePublished).
       */
      results: jsonb('results').$type<ClassTermResults>(),
      /** Set when an administrator changes a score after publication: the record waits to be re-published. */
      scoresChangedAt: timestamptz('scores_changed_at'),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.termId, t.classId] })],
  ),
);

/**
 * A school's fee gate (issue 18): when on, a student's published results and report cards are withheld
 * from the student and their parents while the student owes more than `minimumOwedKobo` (0: any
 * amount); recording a payment or Paystack's confirmation lifts it, since the balance is read live.
 * A school without a row has the gate off.
 */
export const resultFeeGates = inSchool(
  pgTable('result_fee_gates', {
    schoolId: schoolId().primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    minimumOwedKobo: integer('minimum_owed_kobo').notNull().default(0),
    updatedByUserId: byUserId('updated_by_user_id'),
    updatedAt: updatedAt(),
  }),
);

/**
 * Which steps of the approval chain a school uses before results publish (issue 18, ADR 0032): subject
 * teachers submit their sheets, the class teacher reviews the class, the principal (an administrator)
 * approves. A school without a row uses none: an administrator publishes directly, as before.
 */
export const resultApprovalSteps = inSchool(
  pgTable('result_approval_steps', {
    schoolId: schoolId().primaryKey(),
    submission: boolean('submission').notNull().default(false),
    review: boolean('review').notNull().default(false),
    approval: boolean('approval').notNull().default(false),
    updatedByUserId: byUserId('updated_by_user_id'),
    updatedAt: updatedAt(),
  }),
);

/** A subject's score sheet of a class for a term, submitted by its teacher; no row: never submitted. Submitted while `returned_at` is null. */
export const resultSheetSubmissions = inSchool(
  pgTable(
    'result_sheet_submissions',
    {
      schoolId: schoolId(),
      termId: termId('cascade'),
      classId: classId('cascade'),
      subjectId: subjectId(),
      submittedByUserId: byUserId('submitted_by_user_id'),
      submittedByName: text('submitted_by_name').notNull(),
      submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
      /** Set when the class teacher (or an administrator) sends the sheet back: it is open again until resubmitted. */
      returnedAt: timestamptz('returned_at'),
      returnedByName: text('returned_by_name'),
      returnNote: text('return_note'),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.termId, t.classId, t.subjectId] })],
  ),
);

/**
 * Where a class's term results stand in the chain past the sheets: reviewed by the class teacher,
 * approved by the principal. No row: neither. A return clears both and keeps its note for the class
 * teacher (or the teachers) to read.
 */
export const resultClassApprovals = inSchool(
  pgTable(
    'result_class_approvals',
    {
      schoolId: schoolId(),
      termId: termId('cascade'),
      classId: classId('cascade'),
      reviewedByUserId: byUserId('reviewed_by_user_id'),
      reviewedByName: text('reviewed_by_name'),
      reviewedAt: timestamptz('reviewed_at'),
      approvedByUserId: byUserId('approved_by_user_id'),
      approvedByName: text('approved_by_name'),
      approvedAt: timestamptz('approved_at'),
      returnedByName: text('returned_by_name'),
      returnedAt: timestamptz('returned_at'),
      returnNote: text('return_note'),
      updatedAt: updatedAt(),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.termId, t.classId] })],
  ),
);

/**
 * Results (DESIGN.md section 4): each school's result settings, the component scores of each
 * student per subject and term, and which classes' term results are published.
 * Totals, grades and positions are computed from these rows and the settings at the time of reading
 * (apps/server/src/modules/results/results.compute.ts) until a class's term is published: then the
 * computed results are kept with the publication, and that record is what everyone reads (issue 18).
 */
import type { ClassTermResults } from '@school/shared/results/types';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
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

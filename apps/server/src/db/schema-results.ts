/**
 * Results (DESIGN.md section 4): each school's result settings, the component scores of each
 * student per subject and term, and which classes' term results are published.
 * Totals, grades and positions are never stored: they are computed from these rows and the
 * settings at the time of reading (apps/server/src/modules/results/results.compute.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classes, schools, students, subjects, terms, users } from './schema';

/** A school without a row uses DEFAULT_RESULT_SETTINGS (packages/shared/src/results/settings.ts). */
export const resultSettings = pgTable(
  'result_settings',
  {
    schoolId: uuid('school_id')
      .primaryKey()
      .references(() => schools.id),
    test1Max: integer('test1_max').notNull(),
    test2Max: integer('test2_max').notNull(),
    assignmentMax: integer('assignment_max').notNull(),
    examMax: integer('exam_max').notNull(),
    /** GradeBand[]: { min, max, grade, point, remark } covering 0–100 without gaps or overlaps */
    gradingScale: jsonb('grading_scale').notNull(),
    passMark: integer('pass_mark').notNull(),
    requirePin: boolean('require_pin').notNull().default(false),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('result_settings_maxima_sum', sql`${t.test1Max} + ${t.test2Max} + ${t.assignmentMax} + ${t.examMax} = 100`)],
);

const score = (name: string) => numeric(name, { precision: 4, scale: 1, mode: 'number' });
/** whole or half marks from 0 */
const halfMarks = (column: string) => sql.raw(`(${column} is null or (${column} >= 0 and ${column} * 2 = floor(${column} * 2)))`);

export const scores = pgTable(
  'scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    test1: score('test1'),
    test2: score('test2'),
    assignment: score('assignment'),
    exam: score('exam'),
    enteredByUserId: uuid('entered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scores_term_student_subject_unique').on(t.schoolId, t.termId, t.studentId, t.subjectId),
    index('scores_school_student_idx').on(t.schoolId, t.studentId),
    check('scores_test1_check', halfMarks('test1')),
    check('scores_test2_check', halfMarks('test2')),
    check('scores_assignment_check', halfMarks('assignment')),
    check('scores_exam_check', halfMarks('exam')),
  ],
);

/** A class's results of a term are visible to its students and parents once published. */
export const resultPublications = pgTable(
  'result_publications',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    publishedByUserId: uuid('published_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.termId, t.classId] })],
);

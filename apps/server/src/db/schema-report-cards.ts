/**
 * Tables of the report-card area (issue 6, second part): assignments set by teachers, teacher comments
 * on students per term, result-checker PINs and the views they unlock, the principal's remark on a
 * report card, and the jobs that build a whole class's report cards as one PDF (ADR 0013).
 */
import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classes, schools, staff, students, subjects, terms, users } from './schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    /** The staff record of the teacher who set it. */
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => staff.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    dueDate: date('due_date'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('assignments_school_class_term_idx').on(t.schoolId, t.classId, t.termId),
    index('assignments_school_teacher_idx').on(t.schoolId, t.teacherId),
  ],
);

/** One comment (a chip) on a student for a term, with its score 0-10. */
export const teacherComments = pgTable(
  'teacher_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    /** The class the student was in when commented on. */
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id),
    /** null: a general comment, not about one subject. */
    subjectId: uuid('subject_id').references(() => subjects.id),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    comment: text('comment').notNull(),
    score: integer('score').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('teacher_comments_school_term_class_idx').on(t.schoolId, t.termId, t.classId),
    index('teacher_comments_school_student_term_idx').on(t.schoolId, t.studentId, t.termId),
    check('teacher_comments_score_check', sql`${t.score} between 0 and 10`),
  ],
);

export const resultPinBatches = pgTable(
  'result_pin_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    quantity: integer('quantity').notNull(),
    /** How many times each PIN of the batch opens a term's results. */
    maxViews: integer('max_views').notNull(),
    note: text('note'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('result_pin_batches_school_created_idx').on(t.schoolId, t.createdAt)],
);

export const resultPins = pgTable(
  'result_pins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => resultPinBatches.id),
    /** Kept so that the school can print the PINs. */
    pin: text('pin').notNull(),
    /** SHA-256 of the PIN: what the unlock looks up. */
    pinHash: text('pin_hash').notNull(),
    maxViews: integer('max_views').notNull(),
    viewsUsed: integer('views_used').notNull().default(0),
    /** The one student the PIN belongs to, from its first use. */
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    firstUsedAt: timestamptz('first_used_at'),
    lastUsedAt: timestamptz('last_used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('result_pins_school_hash_unique').on(t.schoolId, t.pinHash),
    index('result_pins_school_batch_idx').on(t.schoolId, t.batchId),
    check('result_pins_views_check', sql`${t.viewsUsed} between 0 and ${t.maxViews}`),
  ],
);

/** One use of a PIN: a user may look at a student's term results until `expires_at`. */
export const resultPinUnlocks = pgTable(
  'result_pin_unlocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    pinId: uuid('pin_id')
      .notNull()
      .references(() => resultPins.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('result_pin_unlocks_lookup_idx').on(t.schoolId, t.studentId, t.termId, t.userId, t.expiresAt)],
);

/** What the principal (an administrator) writes on a student's report card for a term. */
export const reportCardRemarks = pgTable(
  'report_card_remarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    principalComment: text('principal_comment').notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_card_remarks_student_term_unique').on(t.schoolId, t.studentId, t.termId)],
);

/** A whole class's report cards being built as one PDF; progress is `done` of `total`. */
export const reportCardJobs = pgTable(
  'report_card_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** running | done | failed */
    status: text('status').notNull().default('running'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    error: text('error'),
    fileName: text('file_name').notNull(),
    pdf: bytea('pdf'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('report_card_jobs_school_created_idx').on(t.schoolId, t.createdAt),
    check('report_card_jobs_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);

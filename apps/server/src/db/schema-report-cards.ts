/**
 * Tables of the report-card area (issue 6, second part): assignments set by teachers, teacher comments
 * on students per term, result-checker PINs and the views they unlock, the principal's remark on a
 * report card, and the jobs that build a whole class's report cards as one PDF (ADR 0013).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, customType, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { byUserId, classId, schoolId, studentId, students, subjectId, subjects, teacherId, termId, userId } from './schema-core';
import { inSchool } from './school-table';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const assignments = inSchool(
  pgTable(
    'assignments',
    {
      id: id(),
      schoolId: schoolId(),
      /** The staff record of the teacher who set it. */
      teacherId: teacherId(),
      classId: classId(),
      subjectId: subjectId(),
      termId: termId(),
      title: text('title').notNull(),
      description: text('description').notNull(),
      dueDate: date('due_date'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      index('assignments_school_class_term_idx').on(t.schoolId, t.classId, t.termId),
      index('assignments_school_teacher_idx').on(t.schoolId, t.teacherId),
    ],
  ),
);

/** One comment (a chip) on a student for a term, with its score 0-10. */
export const teacherComments = inSchool(
  pgTable(
    'teacher_comments',
    {
      id: id(),
      schoolId: schoolId(),
      studentId: studentId('cascade'),
      termId: termId(),
      /** The class the student was in when commented on. */
      classId: classId(),
      /** null: a general comment, not about one subject. */
      subjectId: uuid('subject_id').references(() => subjects.id),
      authorUserId: byUserId('author_user_id'),
      authorName: text('author_name').notNull(),
      comment: text('comment').notNull(),
      score: integer('score').notNull(),
      createdAt: createdAt(),
    },
    (t) => [
      index('teacher_comments_school_term_class_idx').on(t.schoolId, t.termId, t.classId),
      index('teacher_comments_school_student_term_idx').on(t.schoolId, t.studentId, t.termId),
      check('teacher_comments_score_check', sql`${t.score} between 0 and 10`),
    ],
  ),
);

export const resultPinBatches = inSchool(
  pgTable(
    'result_pin_batches',
    {
      id: id(),
      schoolId: schoolId(),
      quantity: integer('quantity').notNull(),
      /** How many times each PIN of the batch opens a term's results. */
      maxViews: integer('max_views').notNull(),
      note: text('note'),
      createdByUserId: byUserId('created_by_user_id'),
      createdAt: createdAt(),
    },
    (t) => [index('result_pin_batches_school_created_idx').on(t.schoolId, t.createdAt)],
  ),
);

export const resultPins = inSchool(
  pgTable(
    'result_pins',
    {
      id: id(),
      schoolId: schoolId(),
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
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex('result_pins_school_hash_unique').on(t.schoolId, t.pinHash),
      index('result_pins_school_batch_idx').on(t.schoolId, t.batchId),
      check('result_pins_views_check', sql`${t.viewsUsed} between 0 and ${t.maxViews}`),
    ],
  ),
);

/** One use of a PIN: a user may look at a student's term results until `expires_at`. */
export const resultPinUnlocks = inSchool(
  pgTable(
    'result_pin_unlocks',
    {
      id: id(),
      schoolId: schoolId(),
      pinId: uuid('pin_id')
        .notNull()
        .references(() => resultPins.id, { onDelete: 'cascade' }),
      studentId: studentId('cascade'),
      termId: termId(),
      userId: userId('cascade'),
      expiresAt: timestamptz('expires_at').notNull(),
      createdAt: createdAt(),
    },
    (t) => [index('result_pin_unlocks_lookup_idx').on(t.schoolId, t.studentId, t.termId, t.userId, t.expiresAt)],
  ),
);

/** What the principal (an administrator) writes on a student's report card for a term. */
export const reportCardRemarks = inSchool(
  pgTable(
    'report_card_remarks',
    {
      id: id(),
      schoolId: schoolId(),
      studentId: studentId('cascade'),
      termId: termId(),
      principalComment: text('principal_comment').notNull(),
      updatedByUserId: byUserId('updated_by_user_id'),
      updatedAt: updatedAt(),
    },
    (t) => [uniqueIndex('report_card_remarks_student_term_unique').on(t.schoolId, t.studentId, t.termId)],
  ),
);

/** What the class teacher writes on a student's report card for a term (issue 18: one grid per class). */
export const classTeacherRemarks = inSchool(
  pgTable(
    'class_teacher_remarks',
    {
      schoolId: schoolId(),
      termId: termId('cascade'),
      studentId: studentId('cascade'),
      comment: text('comment').notNull(),
      updatedByUserId: byUserId('updated_by_user_id'),
      updatedAt: updatedAt(),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.termId, t.studentId] })],
  ),
);

/** A whole class's report cards being built as one PDF; progress is `done` of `total`. */
export const reportCardJobs = inSchool(
  pgTable(
    'report_card_jobs',
    {
      id: id(),
      schoolId: schoolId(),
      classId: classId('cascade'),
      termId: termId(),
      requestedByUserId: byUserId('requested_by_user_id'),
      /** running | done | failed */
      status: text('status').notNull().default('running'),
      total: integer('total').notNull(),
      done: integer('done').notNull().default(0),
      error: text('error'),
      fileName: text('file_name').notNull(),
      pdf: bytea('pdf'),
      createdAt: createdAt(),
      finishedAt: timestamptz('finished_at'),
    },
    (t) => [
      index('report_card_jobs_school_created_idx').on(t.schoolId, t.createdAt),
      check('report_card_jobs_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
    ],
  ),
);

/**
 * A whole school's report cards for a term (every class of the term's session) being built as one PDF
 * (ADR 0027); progress is `done` of `total` cards. The file is kept in parts (one per class, then the
 * PDF's closing part) so that neither building nor serving it holds the whole file. Keyed by school
 * first (ADR 0026); `requested_by_user_id` names the account without a foreign key (another group).
 */
export const schoolReportCardJobs = inSchool(
  pgTable(
    'school_report_card_jobs',
    {
      id: uuid('id').notNull().defaultRandom(),
      schoolId: schoolId(),
      termId: termId('cascade'),
      requestedByUserId: uuid('requested_by_user_id'),
      /** running | done | failed */
      status: text('status').notNull().default('running'),
      total: integer('total').notNull(),
      done: integer('done').notNull().default(0),
      /** Classes with at least one card in the file. */
      classes: integer('classes').notNull().default(0),
      error: text('error'),
      fileName: text('file_name').notNull(),
      /** The file's size in bytes once done (the sum of its parts). */
      size: bigint('size', { mode: 'number' }),
      createdAt: createdAt(),
      /** Written with each step of the build: a running job not heard of for a while was cut off. */
      updatedAt: updatedAt(),
      finishedAt: timestamptz('finished_at'),
    },
    (t) => [
      primaryKey({ columns: [t.schoolId, t.id] }),
      index('school_report_card_jobs_term_idx').on(t.schoolId, t.termId, t.createdAt),
      check('school_report_card_jobs_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
    ],
  ),
);

/** The bytes of a school's report-card PDF, in order of `seq`: concatenated, they are the file. */
export const schoolReportCardJobParts = inSchool(
  pgTable(
    'school_report_card_job_parts',
    {
      schoolId: schoolId(),
      jobId: uuid('job_id').notNull(),
      seq: integer('seq').notNull(),
      bytes: bytea('bytes').notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.schoolId, t.jobId, t.seq] }),
      foreignKey({
        name: 'school_report_card_job_parts_job_fk',
        columns: [t.schoolId, t.jobId],
        foreignColumns: [schoolReportCardJobs.schoolId, schoolReportCardJobs.id],
      }).onDelete('cascade'),
    ],
  ),
);

/**
 * Lesson notes (DESIGN.md section 3): a teacher's note per class, subject, term and week, written as
 * rich text (clean HTML) with an optional PDF or DOCX, reviewed by an administrator.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classes, schools, staff, subjects, terms, uploads, users } from './schema';

export const lessonNotes = pgTable(
  'lesson_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    /** The author's staff record. */
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
    /** 1 … 5 */
    week: integer('week').notNull(),
    title: text('title').notNull(),
    /** Clean HTML (packages/shared/src/lesson-notes/rich-text.ts). */
    body: text('body').notNull(),
    attachmentUploadId: uuid('attachment_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Draft | Submitted | Approved | Rejected */
    status: text('status').notNull().default('Draft'),
    reviewComment: text('review_comment'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lesson_notes_teacher_week_unique').on(t.schoolId, t.teacherId, t.classId, t.subjectId, t.termId, t.week),
    index('lesson_notes_school_term_status_idx').on(t.schoolId, t.termId, t.status),
    index('lesson_notes_school_class_idx').on(t.schoolId, t.classId, t.subjectId),
    check('lesson_notes_week_check', sql`${t.week} between 1 and 5`),
    check('lesson_notes_status_check', sql`${t.status} in ('Draft', 'Submitted', 'Approved', 'Rejected')`),
  ],
);

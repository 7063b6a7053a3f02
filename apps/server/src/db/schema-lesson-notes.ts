/**
 * Lesson notes (DESIGN.md section 3): a teacher's note per class, subject, term and week, written as
 * rich text (clean HTML) with an optional PDF or DOCX, reviewed by an administrator.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { byUserId, classId, schoolId, subjectId, teacherId, termId, uploads } from './schema-core';
import { inSchool } from './school-table';

export const lessonNotes = inSchool(
  pgTable(
    'lesson_notes',
    {
      id: id(),
      schoolId: schoolId(),
      /** The author's staff record. */
      teacherId: teacherId(),
      classId: classId(),
      subjectId: subjectId(),
      termId: termId(),
      /** 1 … 5 */
      week: integer('week').notNull(),
      title: text('title').notNull(),
      /** Clean HTML (packages/shared/src/lesson-notes/rich-text.ts). */
      body: text('body').notNull(),
      attachmentUploadId: uuid('attachment_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
      /** Draft | Submitted | Approved | Rejected */
      status: text('status').notNull().default('Draft'),
      reviewComment: text('review_comment'),
      reviewedByUserId: byUserId('reviewed_by_user_id'),
      submittedAt: timestamptz('submitted_at'),
      reviewedAt: timestamptz('reviewed_at'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      uniqueIndex('lesson_notes_teacher_week_unique').on(t.schoolId, t.teacherId, t.classId, t.subjectId, t.termId, t.week),
      index('lesson_notes_school_term_status_idx').on(t.schoolId, t.termId, t.status),
      index('lesson_notes_school_class_idx').on(t.schoolId, t.classId, t.subjectId),
      check('lesson_notes_week_check', sql`${t.week} between 1 and 5`),
      check('lesson_notes_status_check', sql`${t.status} in ('Draft', 'Submitted', 'Approved', 'Rejected')`),
    ],
  ),
);

/**
 * A class's week (DESIGN.md section 3): one row per filled slot. The teacher is copied from the class
 * subject (kept in step by a trigger on class_subjects, migration 'timetable-teacher-sync') so that a
 * unique index can refuse a teacher in two classes at the same day and hour, even for two saves at once.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { academicSessionId, classId, classSubjects, schoolId, staff } from './schema-core';
import { inSchool } from './school-table';

export const timetableSlots = inSchool(
  pgTable(
    'timetable_slots',
    {
      id: id(),
      schoolId: schoolId(),
      /** The class's session, copied so that a teacher's week is unique within one session. */
      academicSessionId: academicSessionId(),
      classId: classId('cascade'),
      /** 1 Monday … 5 Friday */
      day: integer('day').notNull(),
      /** Start hour on the 24-hour clock: 8 … 16, never 12 (the BREAK). */
      hour: integer('hour').notNull(),
      classSubjectId: uuid('class_subject_id')
        .notNull()
        .references(() => classSubjects.id, { onDelete: 'cascade' }),
      /** class_subjects.teacher_id, copied; null when the subject has no teacher yet. */
      teacherId: uuid('teacher_id').references(() => staff.id),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      uniqueIndex('timetable_slots_class_unique').on(t.schoolId, t.classId, t.day, t.hour),
      uniqueIndex('timetable_slots_teacher_unique').on(t.schoolId, t.academicSessionId, t.teacherId, t.day, t.hour),
      index('timetable_slots_class_subject_idx').on(t.schoolId, t.classSubjectId),
      check('timetable_slots_day_check', sql`${t.day} between 1 and 5`),
      check('timetable_slots_hour_check', sql`${t.hour} between 8 and 16 and ${t.hour} <> 12`),
    ],
  ),
);

/**
 * Attendance (DESIGN.md section 4): one register per class and school day, one entry per student on
 * it. Entries copy the register's date so that a student's calendar reads one index range
 * (school_id, student_id, date) on ~3 million rows; registers carry their term so that a term's
 * registers of a class are one index range too. `attendance_term_totals` keeps each student's counts
 * for a term (recomputed for the register's students whenever a register is saved), so that rates
 * per class and per student read a few thousand rows, not a term's entries (docs/decisions/0014).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { byUserId, classId, schoolId, studentId, termId } from './schema-core';
import { inSchool } from './school-table';

export const attendanceRegisters = inSchool(
  pgTable(
    'attendance_registers',
    {
      id: id(),
      schoolId: schoolId(),
      classId: classId('cascade'),
      termId: termId(),
      date: date('date').notNull(),
      takenByUserId: byUserId('taken_by_user_id'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      uniqueIndex('attendance_registers_class_date_unique').on(t.schoolId, t.classId, t.date),
      index('attendance_registers_term_class_idx').on(t.schoolId, t.termId, t.classId),
      index('attendance_registers_date_idx').on(t.schoolId, t.date),
    ],
  ),
);

export const attendanceEntries = inSchool(
  pgTable(
    'attendance_entries',
    {
      schoolId: schoolId(),
      registerId: uuid('register_id')
        .notNull()
        .references(() => attendanceRegisters.id, { onDelete: 'cascade' }),
      studentId: studentId('cascade'),
      /** The register's date, copied for the student's calendar. */
      date: date('date').notNull(),
      /** Present | Absent | Late | Excused */
      status: text('status').notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.schoolId, t.registerId, t.studentId] }),
      index('attendance_entries_student_date_idx').on(t.schoolId, t.studentId, t.date),
      check('attendance_entries_status_check', sql`${t.status} in ('Present', 'Absent', 'Late', 'Excused')`),
    ],
  ),
);

/** A student's counts in a term, kept in step with the entries by the register save. */
export const attendanceTermTotals = inSchool(
  pgTable(
    'attendance_term_totals',
    {
      schoolId: schoolId(),
      termId: termId(),
      studentId: studentId('cascade'),
      /** The class of the student's latest register in the term. */
      classId: classId('cascade'),
      present: integer('present').notNull().default(0),
      absent: integer('absent').notNull().default(0),
      late: integer('late').notNull().default(0),
      excused: integer('excused').notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.termId, t.studentId] }), index('attendance_term_totals_class_idx').on(t.schoolId, t.termId, t.classId)],
  ),
);

/** One absence notice per student and day: the unique key makes "at most once a day" race-free. */
export const attendanceAbsenceNotices = inSchool(
  pgTable(
    'attendance_absence_notices',
    {
      schoolId: schoolId(),
      studentId: studentId('cascade'),
      date: date('date').notNull(),
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.studentId, t.date] })],
  ),
);

/** A school's attendance settings; no row means the defaults (absence notices on). */
export const attendanceSettings = inSchool(
  pgTable('attendance_settings', {
    schoolId: schoolId().primaryKey(),
    absenceNotices: boolean('absence_notices').notNull().default(true),
    updatedAt: updatedAt(),
  }),
);

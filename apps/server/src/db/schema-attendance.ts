/**
 * Attendance (DESIGN.md section 4): one register per class and school day, one entry per student on
 * it. Entries copy the register's date so that a student's calendar reads one index range
 * (school_id, student_id, date) on ~3 million rows; registers carry their term so that a term's
 * registers of a class are one index range too. `attendance_term_totals` keeps each student's counts
 * for a term (recomputed for the register's students whenever a register is saved), so that rates
 * per class and per student read a few thousand rows, not a term's entries (docs/decisions/0014).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classes, schools, students, terms, users } from './schema';

export const attendanceRegisters = pgTable(
  'attendance_registers',
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
    date: date('date').notNull(),
    takenByUserId: uuid('taken_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attendance_registers_class_date_unique').on(t.schoolId, t.classId, t.date),
    index('attendance_registers_term_class_idx').on(t.schoolId, t.termId, t.classId),
    index('attendance_registers_date_idx').on(t.schoolId, t.date),
  ],
);

export const attendanceEntries = pgTable(
  'attendance_entries',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    registerId: uuid('register_id')
      .notNull()
      .references(() => attendanceRegisters.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
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
);

/** A student's counts in a term, kept in step with the entries by the register save. */
export const attendanceTermTotals = pgTable(
  'attendance_term_totals',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The class of the student's latest register in the term. */
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    present: integer('present').notNull().default(0),
    absent: integer('absent').notNull().default(0),
    late: integer('late').notNull().default(0),
    excused: integer('excused').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.termId, t.studentId] }), index('attendance_term_totals_class_idx').on(t.schoolId, t.termId, t.classId)],
);

/** One absence notice per student and day: the unique key makes "at most once a day" race-free. */
export const attendanceAbsenceNotices = pgTable(
  'attendance_absence_notices',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.studentId, t.date] })],
);

/** A school's attendance settings; no row means the defaults (absence notices on). */
export const attendanceSettings = pgTable('attendance_settings', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id),
  absenceNotices: boolean('absence_notices').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The school calendar's holidays (issue 18): days inside a term the school is closed (public holidays,
 * mid-term break). A term's school days are its weekdays less these; a report card's "times school
 * opened" counts them.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { byUserId, schoolId } from './schema-core';
import { inSchool } from './school-table';

export const schoolHolidays = inSchool(
  pgTable(
    'school_holidays',
    {
      id: id(),
      schoolId: schoolId(),
      name: text('name').notNull(),
      startDate: date('start_date').notNull(),
      /** The last day closed (the same as startDate for one day). */
      endDate: date('end_date').notNull(),
      createdByUserId: byUserId('created_by_user_id'),
      createdAt: createdAt(),
    },
    (t) => [index('school_holidays_school_start_idx').on(t.schoolId, t.startDate), check('school_holidays_dates_check', sql`${t.endDate} >= ${t.startDate}`)],
  ),
);

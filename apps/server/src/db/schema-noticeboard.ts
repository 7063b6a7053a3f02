import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { classes, organisations, schools, users } from './schema';

/**
 * Announcements. One row per school: a super administrator's notice to every school is one row
 * per school sharing a `broadcast_id`, so each school's data stays in its own rows.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    broadcastId: uuid('broadcast_id'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    date: date('date').notNull(),
    /** everyone | staff | students | parents | class */
    audience: text('audience').notNull(),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    pinned: boolean('pinned').notNull().default(false),
    published: boolean('published').notNull().default(true),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notices_school_board_idx').on(t.schoolId, t.published, t.pinned, t.date),
    index('notices_org_broadcast_idx').on(t.organisationId, t.broadcastId),
    check('notices_audience_check', sql`${t.audience} in ('everyone', 'staff', 'students', 'parents', 'class')`),
    check('notices_class_check', sql`(${t.audience} = 'class') = (${t.classId} is not null)`),
  ],
);

/** Per-user read receipts: a notice is unread for a user until they open it. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.noticeId, t.userId] }), index('notice_reads_user_idx').on(t.schoolId, t.userId)],
);

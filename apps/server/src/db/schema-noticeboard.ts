import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { byUserId, classes, organisationId, schoolId, userId } from './schema-core';
import { inSchool } from './school-table';

/**
 * Announcements. One row per school: a super administrator's notice to every school is one row
 * per school sharing a `broadcast_id`, so each school's data stays in its own rows.
 */
export const notices = inSchool(
  pgTable(
    'notices',
    {
      id: id(),
      schoolId: schoolId(),
      organisationId: organisationId(),
      broadcastId: uuid('broadcast_id'),
      title: text('title').notNull(),
      description: text('description').notNull(),
      date: date('date').notNull(),
      /** everyone | staff | students | parents | class */
      audience: text('audience').notNull(),
      classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
      pinned: boolean('pinned').notNull().default(false),
      published: boolean('published').notNull().default(true),
      /** Also sent as SMS (ADR 0039) to the phones of its audience, once. */
      sendSms: boolean('send_sms').notNull().default(false),
      createdByUserId: byUserId('created_by_user_id'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      index('notices_school_board_idx').on(t.schoolId, t.published, t.pinned, t.date),
      index('notices_org_broadcast_idx').on(t.organisationId, t.broadcastId),
      check('notices_audience_check', sql`${t.audience} in ('everyone', 'staff', 'students', 'parents', 'class')`),
      check('notices_class_check', sql`(${t.audience} = 'class') = (${t.classId} is not null)`),
    ],
  ),
);

/** Per-user read receipts: a notice is unread for a user until they open it. */
export const noticeReads = inSchool(
  pgTable(
    'notice_reads',
    {
      schoolId: schoolId(),
      noticeId: uuid('notice_id')
        .notNull()
        .references(() => notices.id, { onDelete: 'cascade' }),
      userId: userId('cascade'),
      readAt: timestamptz('read_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.noticeId, t.userId] }), index('notice_reads_user_idx').on(t.schoolId, t.userId)],
  ),
);

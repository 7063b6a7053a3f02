import type { NoticeAudience } from '@school/shared/noticeboard/constants';
import type { ManagedNotice, NoticeItem, NoticeRef } from '@school/shared/noticeboard/responses';
import type { notices } from '../../db/schema';
import type { NoticeRow } from './noticeboard.repository';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export const className = (level: string, arm: string) => `${level} ${arm}`;

/** A notice as its reader sees it: no publishing state, no other schools. */
export function presentNotice(row: NoticeRow): NoticeItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date,
    audience: row.audience as NoticeAudience,
    class: row.classId && row.classLevel && row.classArm ? { id: row.classId, name: className(row.classLevel, row.classArm) } : null,
    school: { id: row.schoolId, name: row.schoolName },
    pinned: row.pinned,
    read: Boolean(row.read),
    postedBy: row.postedBy ?? null,
    createdAt: iso(row.createdAt),
  };
}

export function presentManaged(row: NoticeRow, schools: NoticeRef[] | null): ManagedNotice {
  return {
    ...presentNotice(row),
    published: row.published,
    broadcast: row.broadcastId !== null,
    schools: schools ?? [{ id: row.schoolId, name: row.schoolName }],
    sendSms: row.sendSms,
    updatedAt: iso(row.updatedAt),
  };
}

/** What the audit log keeps of a notice. */
export function auditView(row: typeof notices.$inferSelect) {
  return {
    schoolId: row.schoolId,
    broadcastId: row.broadcastId,
    title: row.title,
    description: row.description,
    date: row.date,
    audience: row.audience,
    classId: row.classId,
    pinned: row.pinned,
    published: row.published,
    sendSms: row.sendSms,
  };
}

/**
 * What the noticeboard endpoints answer. The server declares these as its response schemas (so no
 * other field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';
import { pageResponse } from '../http';
import { sentTextsResponse } from '../messaging/responses';
import { NOTICE_AUDIENCES } from './constants';

export const noticeRef = z.object({ id: z.string(), name: z.string() });
export type NoticeRef = z.infer<typeof noticeRef>;

/** A notice as a reader sees it. */
export const noticeItemResponse = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  class: noticeRef.nullable(),
  school: noticeRef,
  pinned: z.boolean(),
  read: z.boolean(),
  postedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type NoticeItem = z.infer<typeof noticeItemResponse>;

/** GET /api/noticeboard */
export const noticeListResponse = z.object({
  items: z.array(noticeItemResponse),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type NoticeList = z.infer<typeof noticeListResponse>;

/** GET /api/noticeboard/unread */
export const unreadNoticesResponse = z.object({ unread: z.number() });
export type UnreadNotices = z.infer<typeof unreadNoticesResponse>;

/** A notice as the administrator (or super administrator) who manages it sees it. */
export const managedNoticeResponse = noticeItemResponse.extend({
  published: z.boolean(),
  /** Posted by the super administrator to every school: the group's schools. */
  broadcast: z.boolean(),
  schools: z.array(noticeRef),
  /** Also sent as SMS to its audience's phones. */
  sendSms: z.boolean(),
  updatedAt: z.string(),
});
export type ManagedNotice = z.infer<typeof managedNoticeResponse>;

/** POST /api/notices: the notice posted, and its texts when it was also sent as SMS (absent when none were made). */
export const postedNoticeResponse = managedNoticeResponse.extend({ texts: sentTextsResponse.optional() });
export type PostedNotice = z.infer<typeof postedNoticeResponse>;

/** GET /api/notices */
export const managedNoticeListResponse = pageResponse(managedNoticeResponse);
export type ManagedNoticeList = z.infer<typeof managedNoticeListResponse>;

/** GET /api/notices/options */
export const noticeOptionsResponse = z.object({
  /** Schools the user may post to (one for an administrator). */
  schools: z.array(noticeRef),
  /** Classes of each school's Active session. */
  classes: z.array(noticeRef.extend({ schoolId: z.string() })),
});
export type NoticeOptions = z.infer<typeof noticeOptionsResponse>;

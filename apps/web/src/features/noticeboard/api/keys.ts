import type { ManageNoticeQuery, NoticeListQuery } from '@school/shared/noticeboard/schemas';

/** Query keys of the noticeboard; any write refreshes everything under `all`. */
export const noticeKeys = {
  all: ['noticeboard'] as const,
  board: (query: NoticeListQuery) => [...noticeKeys.all, 'board', query] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
  managed: (query: ManageNoticeQuery) => [...noticeKeys.all, 'managed', query] as const,
  options: () => [...noticeKeys.all, 'options'] as const,
};

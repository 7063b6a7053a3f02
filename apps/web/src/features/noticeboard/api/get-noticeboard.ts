import type { NoticeList, UnreadNotices } from '@school/shared/noticeboard/responses';
import type { NoticeListQuery } from '@school/shared/noticeboard/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { noticeKeys } from './keys';

function search(query: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The notices addressed to the signed-in user, pinned first, with read marks. */
export function getNoticeboard(query: NoticeListQuery = {}): Promise<NoticeList> {
  return api.get<NoticeList>(`/api/noticeboard${search(query)}`);
}

export const noticeboardQueryOptions = (query: NoticeListQuery = {}) =>
  queryOptions({ queryKey: noticeKeys.board(query), queryFn: () => getNoticeboard(query), placeholderData: keepPreviousData });

export function useNoticeboard(query: NoticeListQuery = {}, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...noticeboardQueryOptions(query), enabled: opts.enabled ?? true });
}

export function getUnreadNotices(): Promise<UnreadNotices> {
  return api.get<UnreadNotices>('/api/noticeboard/unread');
}

export function useUnreadNotices(opts: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: noticeKeys.unread(), queryFn: getUnreadNotices, enabled: opts.enabled ?? true });
}

export { search as toSearch };

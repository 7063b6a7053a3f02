import type { ManagedNoticeList, NoticeOptions } from '@school/shared/noticeboard/responses';
import type { ManageNoticeQuery } from '@school/shared/noticeboard/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toSearch } from './get-noticeboard';
import { noticeKeys } from './keys';

/** Every notice the user manages (their school's, or the organisation's for the super administrator). */
export function getManagedNotices(query: ManageNoticeQuery = {}): Promise<ManagedNoticeList> {
  return api.get<ManagedNoticeList>(`/api/notices${toSearch(query)}`);
}

export const managedNoticesQueryOptions = (query: ManageNoticeQuery = {}) =>
  queryOptions({ queryKey: noticeKeys.managed(query), queryFn: () => getManagedNotices(query), placeholderData: keepPreviousData });

export function useManagedNotices(query: ManageNoticeQuery = {}) {
  return useQuery(managedNoticesQueryOptions(query));
}

export function getNoticeOptions(): Promise<NoticeOptions> {
  return api.get<NoticeOptions>('/api/notices/options');
}

export function useNoticeOptions() {
  return useQuery({ queryKey: noticeKeys.options(), queryFn: getNoticeOptions });
}

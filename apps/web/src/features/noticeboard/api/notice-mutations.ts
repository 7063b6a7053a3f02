import type { ManagedNotice, PostedNotice } from '@school/shared/noticeboard/responses';
import type { NoticeFlags, NoticeValues } from '@school/shared/noticeboard/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { noticeKeys } from './keys';

/** POST /api/notices: the notice, and the batch of its texts when it was also sent as SMS. */
export function createNotice(values: NoticeValues): Promise<PostedNotice> {
  return api.post<PostedNotice>('/api/notices', values);
}

export function updateNotice({ id, values }: { id: string; values: NoticeValues }): Promise<PostedNotice> {
  return api.put<PostedNotice>(`/api/notices/${encodeURIComponent(id)}`, values);
}

export function setNoticeFlags({ id, flags }: { id: string; flags: NoticeFlags }): Promise<ManagedNotice> {
  return api.patch<ManagedNotice>(`/api/notices/${encodeURIComponent(id)}`, flags);
}

export function deleteNotice(id: string): Promise<void> {
  return api.delete<void>(`/api/notices/${encodeURIComponent(id)}`);
}

/** Every write refreshes the lists and the unread counts. */
function useNoticeMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}

export const useCreateNotice = () => useNoticeMutation(createNotice);
export const useUpdateNotice = () => useNoticeMutation(updateNotice);
export const useSetNoticeFlags = () => useNoticeMutation(setNoticeFlags);
export const useDeleteNotice = () => useNoticeMutation(deleteNotice);

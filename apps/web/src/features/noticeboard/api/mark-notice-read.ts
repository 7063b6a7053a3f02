import type { NoticeItem } from '@school/shared/noticeboard/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { noticeKeys } from './keys';

export function markNoticeRead(id: string): Promise<NoticeItem> {
  return api.post<NoticeItem>(`/api/noticeboard/${encodeURIComponent(id)}/read`);
}

export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticeRead,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}

import type { MessageItem } from '@school/shared/messaging/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

/** POST /api/messages/:id/resend: a failed or kept message goes again, as a new message in the log. */
export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<MessageItem>(`/api/messages/${encodeURIComponent(id)}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.messages() }),
  });
}

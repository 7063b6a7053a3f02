import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageResponse } from '@/types/api';

export function resendInvitation(id: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/staff/${encodeURIComponent(id)}/resend-invitation`);
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}

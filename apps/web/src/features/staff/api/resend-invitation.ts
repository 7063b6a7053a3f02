import type { MessageResponse } from '@school/shared/auth/responses';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resendInvitation(id: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/staff/${encodeURIComponent(id)}/resend-invitation`);
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}

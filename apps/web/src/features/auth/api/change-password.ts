import type { MessageResponse } from '@school/shared/auth/responses';
import type { ChangePasswordInput } from '@school/shared/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

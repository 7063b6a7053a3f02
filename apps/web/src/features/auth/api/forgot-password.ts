import type { MessageResponse } from '@school/shared/auth/responses';
import type { ForgotPasswordInput } from '@school/shared/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function forgotPassword(input: ForgotPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

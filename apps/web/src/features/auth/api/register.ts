import type { RegisterResponse } from '@school/shared/auth/responses';
import type { RegisterInput } from '@school/shared/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Creates the account an invitation code was sent for; the person then signs in with it. */
export function register(input: RegisterInput): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/api/auth/register', input);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

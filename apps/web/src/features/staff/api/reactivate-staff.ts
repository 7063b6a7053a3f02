import type { MessageResponse } from '@school/shared/auth/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';

export function reactivateStaff(id: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/staff/${encodeURIComponent(id)}/reactivate`);
}

/** Brings a deactivated staff member (and their account) back. */
export function useReactivateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

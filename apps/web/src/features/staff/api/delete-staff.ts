import type { StaffDeleteResult } from '@school/shared/staff/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';

export function deleteStaff(id: string): Promise<StaffDeleteResult> {
  return api.delete<StaffDeleteResult>(`/api/staff/${encodeURIComponent(id)}`);
}

/** Deletes, or deactivates someone who has records; the answer says which. */
export function useDeleteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

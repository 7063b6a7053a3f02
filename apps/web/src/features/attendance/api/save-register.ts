import type { Register } from '@school/shared/attendance/responses';
import type { SaveRegisterInput } from '@school/shared/attendance/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './keys';

export function saveRegister(input: SaveRegisterInput): Promise<Register> {
  return api.put<Register>('/api/attendance/register', input);
}

export function useSaveRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegister,
    onSuccess: async (register) => {
      queryClient.setQueryData(attendanceKeys.register(register.classId, register.date), register);
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all, predicate: (q) => q.queryKey[1] !== 'register' });
    },
  });
}

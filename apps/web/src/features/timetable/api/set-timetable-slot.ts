import type { ClassTimetable } from '@school/shared/timetable/responses';
import type { SetTimetableSlotInput } from '@school/shared/timetable/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timetableKeys } from './keys';

export function setTimetableSlot(classId: string, input: SetTimetableSlotInput): Promise<ClassTimetable> {
  return api.put<ClassTimetable>(`/api/classes/${encodeURIComponent(classId)}/timetable/slots`, input);
}

/** Sets or clears one slot; the answer is the class's whole week, which replaces the cached one. */
export function useSetTimetableSlot(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetTimetableSlotInput) => setTimetableSlot(classId, input),
    onSuccess: async (timetable) => {
      queryClient.setQueryData(timetableKeys.class(classId), timetable);
      await queryClient.invalidateQueries({
        queryKey: timetableKeys.all,
        predicate: (query) => query.queryKey[1] !== 'class' || query.queryKey[2] !== classId,
      });
    },
  });
}

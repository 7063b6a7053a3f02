import type { HolidayInput, HolidayListResponse, HolidayResponse } from '@school/shared/academics/holidays';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

export function getHolidays(sessionId: string): Promise<HolidayListResponse> {
  return api.get<HolidayListResponse>(`/api/academic-sessions/${encodeURIComponent(sessionId)}/holidays`);
}

export const holidaysQueryOptions = (sessionId: string) => queryOptions({ queryKey: academicsKeys.holidays(sessionId), queryFn: () => getHolidays(sessionId) });

export function addHoliday({ sessionId, ...input }: HolidayInput & { sessionId: string }): Promise<HolidayResponse> {
  return api.post<HolidayResponse>(`/api/settings/academic-sessions/${encodeURIComponent(sessionId)}/holidays`, input);
}

export function removeHoliday({ id }: { id: string; sessionId: string }): Promise<void> {
  return api.delete<void>(`/api/settings/holidays/${encodeURIComponent(id)}`);
}

export function useAddHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHoliday,
    onSuccess: (_, { sessionId }) => queryClient.invalidateQueries({ queryKey: academicsKeys.holidays(sessionId) }),
  });
}

export function useRemoveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeHoliday,
    onSuccess: (_, { sessionId }) => queryClient.invalidateQueries({ queryKey: academicsKeys.holidays(sessionId) }),
  });
}

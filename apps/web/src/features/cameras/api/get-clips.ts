import type { ClipDay, ClipDays } from '@school/shared/cameras/responses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cameraKeys } from './keys';

export function getClips(cameraId: string, date: string): Promise<ClipDay> {
  return api.get<ClipDay>(`/api/cameras/${encodeURIComponent(cameraId)}/clips?date=${encodeURIComponent(date)}`);
}

export function useClips(cameraId: string | null, date: string) {
  return useQuery({ queryKey: cameraKeys.clips(cameraId ?? '', date), queryFn: () => getClips(cameraId!, date), enabled: Boolean(cameraId) });
}

export function getClipDays(cameraId: string, month: string): Promise<ClipDays> {
  return api.get<ClipDays>(`/api/cameras/${encodeURIComponent(cameraId)}/clip-days?month=${encodeURIComponent(month)}`);
}

export function useClipDays(cameraId: string | null, month: string) {
  return useQuery({
    queryKey: cameraKeys.clipDays(cameraId ?? '', month),
    queryFn: () => getClipDays(cameraId!, month),
    enabled: Boolean(cameraId),
    placeholderData: keepPreviousData,
  });
}

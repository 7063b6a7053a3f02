import type { CameraClip } from '@school/shared/cameras/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cameraKeys } from './keys';

export interface ClipDay {
  date: string;
  timeZone: string;
  items: CameraClip[];
}

export function getClips(cameraId: string, date: string): Promise<ClipDay> {
  return api.get<ClipDay>(`/api/cameras/${encodeURIComponent(cameraId)}/clips?date=${encodeURIComponent(date)}`);
}

export function useClips(cameraId: string | null, date: string) {
  return useQuery({ queryKey: cameraKeys.clips(cameraId ?? '', date), queryFn: () => getClips(cameraId!, date), enabled: Boolean(cameraId) });
}

export function getClipDays(cameraId: string, month: string): Promise<{ month: string; days: string[] }> {
  return api.get<{ month: string; days: string[] }>(`/api/cameras/${encodeURIComponent(cameraId)}/clip-days?month=${encodeURIComponent(month)}`);
}

export function useClipDays(cameraId: string | null, month: string) {
  return useQuery({
    queryKey: cameraKeys.clipDays(cameraId ?? '', month),
    queryFn: () => getClipDays(cameraId!, month),
    enabled: Boolean(cameraId),
    placeholderData: keepPreviousData,
  });
}

import type { Camera, CameraList, CameraOptions } from '@school/shared/cameras/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cameraKeys } from './keys';

/** The cameras the signed-in user may watch; `channel` '' for every channel type. */
export function getCameras(channel = ''): Promise<CameraList> {
  return api.get<CameraList>(`/api/cameras${channel ? `?channel=${encodeURIComponent(channel)}` : ''}`);
}

export const camerasQueryOptions = (channel = '') =>
  queryOptions({ queryKey: cameraKeys.list(channel), queryFn: () => getCameras(channel), placeholderData: keepPreviousData });

export function useCameras(channel = '') {
  return useQuery(camerasQueryOptions(channel));
}

export function getCamera(id: string): Promise<Camera> {
  return api.get<Camera>(`/api/cameras/${encodeURIComponent(id)}`);
}

export function useCamera(id: string) {
  return useQuery({
    queryKey: cameraKeys.detail(id),
    queryFn: () => getCamera(id),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
}

export function getCameraOptions(): Promise<CameraOptions> {
  return api.get<CameraOptions>('/api/cameras/options');
}

export function useCameraOptions() {
  return useQuery({ queryKey: cameraKeys.options(), queryFn: getCameraOptions });
}

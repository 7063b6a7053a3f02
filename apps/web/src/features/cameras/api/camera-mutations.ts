import type { Camera, CameraClip } from '@school/shared/cameras/responses';
import type { CameraValues } from '@school/shared/cameras/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cameraKeys } from './keys';

export const createCamera = (values: CameraValues) => api.post<Camera>('/api/cameras', values);
export const updateCamera = ({ id, values }: { id: string; values: CameraValues }) => api.put<Camera>(`/api/cameras/${encodeURIComponent(id)}`, values);
export const deleteCamera = (id: string) => api.delete<void>(`/api/cameras/${encodeURIComponent(id)}`);
export const addClip = ({ cameraId, startsAt, endsAt, url }: { cameraId: string; startsAt: string; endsAt: string; url: string }) =>
  api.post<CameraClip>(`/api/cameras/${encodeURIComponent(cameraId)}/clips`, { startsAt, endsAt, url });
export const deleteClip = ({ cameraId, clipId }: { cameraId: string; clipId: string }) =>
  api.delete<void>(`/api/cameras/${encodeURIComponent(cameraId)}/clips/${encodeURIComponent(clipId)}`);

function useCameraMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cameraKeys.all });
    },
  });
}

export const useCreateCamera = () => useCameraMutation(createCamera);
export const useUpdateCamera = () => useCameraMutation(updateCamera);
export const useDeleteCamera = () => useCameraMutation(deleteCamera);
export const useAddClip = () => useCameraMutation(addClip);
export const useDeleteClip = () => useCameraMutation(deleteClip);

import type { Camera, CameraClip, CameraRef } from '@school/shared/cameras/responses';
import { playbackOf, type CameraLocation, type CameraViewerRole } from '@school/shared/cameras/schemas';
import type { CameraChannelType } from '@school/shared/constants';
import type { cameraClips, cameras } from '../../db/schema';

type CameraRow = typeof cameras.$inferSelect;

/** A camera as the API answers it; the playback URL is built from the validated source, never stored HTML. */
export function presentCamera(row: CameraRow, schools: CameraRef[]): Camera {
  const channelType = row.channelType as CameraChannelType;
  return {
    id: row.id,
    name: row.name,
    modelCode: row.modelCode,
    cameraModel: row.cameraModel,
    location: row.location as CameraLocation,
    specifyLocation: row.specifyLocation,
    channelType,
    source: row.source,
    playback: playbackOf(channelType, row.source),
    schools,
    roles: row.roles as CameraViewerRole[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentClip(row: typeof cameraClips.$inferSelect): CameraClip {
  return { id: row.id, cameraId: row.cameraId, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), url: row.url };
}

export function auditView(row: CameraRow, schoolIds: string[]) {
  return {
    name: row.name,
    modelCode: row.modelCode,
    cameraModel: row.cameraModel,
    location: row.location,
    specifyLocation: row.specifyLocation,
    channelType: row.channelType,
    source: row.source,
    roles: row.roles,
    schoolIds,
  };
}

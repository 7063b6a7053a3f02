/**
 * What the security-camera endpoints answer. The server declares these as its response schemas (so
 * no other field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';
import { CAMERA_CHANNEL_TYPES } from '../constants';
import { CAMERA_LOCATIONS, CAMERA_VIEWER_ROLES } from './schemas';

export const cameraRef = z.object({ id: z.string(), name: z.string() });
export type CameraRef = z.infer<typeof cameraRef>;

/** How a browser plays a camera: built only from a validated, normalised source. */
export const cameraPlaybackResponse = z.union([
  z.object({ kind: z.literal('hls'), url: z.string() }),
  z.object({ kind: z.literal('mjpeg'), url: z.string() }),
  z.object({ kind: z.literal('embed'), url: z.string(), openUrl: z.string() }),
]);
export type CameraPlayback = z.infer<typeof cameraPlaybackResponse>;

/** GET /api/cameras/:id, POST /api/cameras, PUT /api/cameras/:id */
export const cameraResponse = z.object({
  id: z.string(),
  name: z.string(),
  modelCode: z.string(),
  cameraModel: z.string(),
  location: z.enum(CAMERA_LOCATIONS),
  specifyLocation: z.string().nullable(),
  channelType: z.enum(CAMERA_CHANNEL_TYPES),
  /** The normalised source (URL, video id, meeting id); the form's value when editing. */
  source: z.string(),
  playback: cameraPlaybackResponse,
  schools: z.array(cameraRef),
  roles: z.array(z.enum(CAMERA_VIEWER_ROLES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Camera = z.infer<typeof cameraResponse>;

/** GET /api/cameras */
export const cameraListResponse = z.object({ items: z.array(cameraResponse) });
export type CameraList = z.infer<typeof cameraListResponse>;

/** GET /api/cameras/options */
export const cameraOptionsResponse = z.object({ schools: z.array(cameraRef) });
export type CameraOptions = z.infer<typeof cameraOptionsResponse>;

/** POST /api/cameras/:id/clips */
export const cameraClipResponse = z.object({ id: z.string(), cameraId: z.string(), startsAt: z.string(), endsAt: z.string(), url: z.string() });
export type CameraClip = z.infer<typeof cameraClipResponse>;

/** GET /api/cameras/:id/clips */
export const clipDayResponse = z.object({ date: z.string(), timeZone: z.string(), items: z.array(cameraClipResponse) });
export type ClipDay = z.infer<typeof clipDayResponse>;

/** GET /api/cameras/:id/clip-days */
export const clipDaysResponse = z.object({ month: z.string(), days: z.array(z.string()) });
export type ClipDays = z.infer<typeof clipDaysResponse>;

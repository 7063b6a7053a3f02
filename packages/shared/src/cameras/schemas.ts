import { z } from 'zod';
import type { Role } from '../auth/roles';
import { CAMERA_CHANNEL_TYPES, type CameraChannelType } from '../constants';
import { oneOf, optionalString, requiredDateField, requiredString, whenMissing } from '../fields';
import type { CameraPlayback } from './responses';

/** Where a camera hangs (the form's Location select); 'Other' asks for Specify Location. */
export const CAMERA_LOCATIONS = [
  'Main gate',
  'Entrance',
  'Reception',
  'Classroom',
  'Corridor',
  'Hall',
  'Laboratory',
  'Library',
  'Playground',
  'Car park',
  'Hostel',
  'Office',
  'Other',
] as const;
export type CameraLocation = (typeof CAMERA_LOCATIONS)[number];

/** Roles a camera can be shown to, besides the super administrator who sees every camera. */
export const CAMERA_VIEWER_ROLES = ['admin', 'teacher', 'parent', 'student'] as const satisfies readonly Role[];
export type CameraViewerRole = (typeof CAMERA_VIEWER_ROLES)[number];

export const CAMERA_LIMITS = {
  nameMaxLength: 100,
  textMaxLength: 100,
  urlMaxLength: 2000,
} as const;

export const CAMERA_NAME_REQUIRED = 'Name of Camera is required';
export const MODEL_CODE_REQUIRED = 'Model Code or QR Code is required';
export const CAMERA_MODEL_REQUIRED = 'Camera Model is required';
export const SCHOOLS_REQUIRED = 'Assign the camera to at least one school';
export const LOCATION_REQUIRED = 'Location is required';
export const SPECIFY_LOCATION_REQUIRED = 'Please specify the location';
export const CHANNEL_REQUIRED = 'Please choose a channel';
export const ROLES_REQUIRED = 'Choose at least one role that may watch this camera';
export const TOO_LONG = (label: string, max: number) => `${label} must be at most ${max} characters`;
export const STREAM_URL_REQUIRED = 'Stream URL is required';
export const STREAM_URL_INVALID = 'Stream URL must be a web address starting with http:// or https://';
export const YOUTUBE_REQUIRED = 'YouTube video link or ID is required';
export const YOUTUBE_INVALID = 'Enter a YouTube link or its 11-character video ID';
export const VIMEO_REQUIRED = 'Vimeo video link or ID is required';
export const VIMEO_INVALID = 'Enter a Vimeo link or its numeric video ID';
export const ZOOM_REQUIRED = 'Zoom meeting link or ID is required';
export const ZOOM_INVALID = 'Enter a Zoom meeting link or a meeting ID of 9 to 11 digits';
export const CLIP_START_REQUIRED = 'Start time is required';
export const CLIP_END_REQUIRED = 'End time is required';
export const CLIP_TIME_INVALID = 'Invalid time';
export const CLIP_END_BEFORE_START = 'End time must be after the start time';
export const CLIP_URL_REQUIRED = 'Recording URL is required';
export const CLIP_URL_INVALID = 'Recording URL must be a web address starting with http:// or https://';

/** What each channel type's source field is called in the form. */
export const SOURCE_LABELS: Record<CameraChannelType, string> = {
  Live: 'Stream URL (HLS, .m3u8)',
  Youtube: 'YouTube video link or ID',
  Vimeo: 'Vimeo video link or ID',
  Zoom: 'Zoom meeting link or ID',
};

interface UrlParts {
  hostname: string;
  pathname: string;
  query: Record<string, string>;
}

/** http(s)://host[:port]/path?query#hash, without credentials or spaces (no URL global in this package). */
const HTTP_URL = /^(https?):\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?(\/[^?#\s]*)?(?:\?([^#\s]*))?(?:#\S*)?$/i;

function parseUrl(value: string): UrlParts | null {
  const match = HTTP_URL.exec(value);
  if (!match) return null;
  const [, , host, port, path, search] = match;
  if (port !== undefined && Number(port) > 65535) return null;
  if (!/[A-Za-z0-9]/.test(host)) return null;
  const query: Record<string, string> = {};
  for (const pair of (search ?? '').split('&')) {
    if (!pair) continue;
    const [key, ...rest] = pair.split('=');
    query[key] ??= rest.join('=');
  }
  return { hostname: host.toLowerCase(), pathname: path ?? '/', query };
}

/** An absolute http(s) URL (no credentials, no spaces), or null. */
export function httpUrl(value: string): string | null {
  return parseUrl(value) ? value : null;
}

/** The app's own test pattern (MJPEG), which plays with no camera and no outside network: the demo's cameras show it. */
export const DEMO_CAMERA_STREAM_PATH = '/api/cameras/demo-stream.mjpg';
/** At most this many seconds of the test pattern per request; the demo's cameras ask for all of it. */
export const DEMO_STREAM_MAX_SECONDS = 3600;
/** Without `seconds`, a short sample (a client names how long it watches). */
export const DEMO_STREAM_DEFAULT_SECONDS = 2;
export const DEMO_STREAM_SECONDS_INVALID = `Seconds must be a whole number from 1 to ${DEMO_STREAM_MAX_SECONDS}`;
export const DEMO_CAMERA_STREAM_URL = `${DEMO_CAMERA_STREAM_PATH}?seconds=${DEMO_STREAM_MAX_SECONDS}`;
const DEMO_STREAM_SOURCE = /^\/api\/cameras\/demo-stream\.mjpg(?:\?seconds=\d{1,4})?$/;

/** GET /api/cameras/demo-stream.mjpg */
export const demoStreamQuerySchema = z.object({
  seconds: z
    .string({ error: DEMO_STREAM_SECONDS_INVALID })
    .trim()
    .optional()
    .transform((value) => (!value ? DEMO_STREAM_DEFAULT_SECONDS : /^\d{1,6}$/.test(value) ? Number(value) : NaN))
    .pipe(
      z
        .number({ error: DEMO_STREAM_SECONDS_INVALID })
        .int({ error: DEMO_STREAM_SECONDS_INVALID })
        .min(1, { error: DEMO_STREAM_SECONDS_INVALID })
        .max(DEMO_STREAM_MAX_SECONDS, { error: DEMO_STREAM_SECONDS_INVALID }),
    ),
});

/** A Motion JPEG stream (multipart/x-mixed-replace, as IP cameras serve it): shown in an <img>, not a <video>. */
export function isMjpegStream(url: string): boolean {
  return /\.mjpe?g(?:$|[?#])/i.test(url);
}

/** A live stream's address: an absolute http(s) URL, or the app's own test pattern. */
function streamSource(value: string): string | null {
  return DEMO_STREAM_SOURCE.test(value) ? value : httpUrl(value);
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** A YouTube video id from an id or a watch / youtu.be / embed / live / shorts link. */
export function youtubeId(value: string): string | null {
  if (YOUTUBE_ID.test(value)) return value;
  const url = parseUrl(value);
  if (!url) return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    id = first === 'watch' ? (url.query.v ?? null) : ['embed', 'live', 'shorts', 'v'].includes(first) ? (second ?? null) : null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** A Vimeo video id from a numeric id or a vimeo.com / player.vimeo.com link. */
export function vimeoId(value: string): string | null {
  if (/^\d{1,12}$/.test(value)) return value;
  const url = parseUrl(value);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const id = url.pathname.split('/').find((part) => /^\d{1,12}$/.test(part));
  return id ?? null;
}

/** A Zoom meeting as 'id' or 'id?pwd=…' from a meeting id or a zoom.us/j/ link. */
export function zoomMeeting(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  if (/^\d{9,11}$/.test(digits)) return digits;
  const url = parseUrl(value);
  if (!url) return null;
  if (url.hostname !== 'zoom.us' && !url.hostname.endsWith('.zoom.us')) return null;
  const match = /^\/(?:j|wc\/join|wc)\/(\d{9,11})/.exec(url.pathname);
  if (!match) return null;
  const pwd = url.query.pwd;
  return pwd && /^[A-Za-z0-9._-]{1,100}$/.test(pwd) ? `${match[1]}?pwd=${pwd}` : match[1];
}

const SOURCE_RULES: Record<CameraChannelType, { required: string; invalid: string; parse: (value: string) => string | null }> = {
  Live: { required: STREAM_URL_REQUIRED, invalid: STREAM_URL_INVALID, parse: streamSource },
  Youtube: { required: YOUTUBE_REQUIRED, invalid: YOUTUBE_INVALID, parse: youtubeId },
  Vimeo: { required: VIMEO_REQUIRED, invalid: VIMEO_INVALID, parse: vimeoId },
  Zoom: { required: ZOOM_REQUIRED, invalid: ZOOM_INVALID, parse: zoomMeeting },
};

export function playbackOf(channelType: CameraChannelType, source: string): CameraPlayback {
  switch (channelType) {
    case 'Live':
      return isMjpegStream(source) ? { kind: 'mjpeg', url: source } : { kind: 'hls', url: source };
    case 'Youtube':
      return { kind: 'embed', url: `https://www.youtube.com/embed/${source}`, openUrl: `https://www.youtube.com/watch?v=${source}` };
    case 'Vimeo':
      return { kind: 'embed', url: `https://player.vimeo.com/video/${source}`, openUrl: `https://vimeo.com/${source}` };
    case 'Zoom': {
      const [id, query] = source.split('?');
      const suffix = query ? `?${query}` : '';
      return { kind: 'embed', url: `https://app.zoom.us/wc/join/${id}${suffix}`, openUrl: `https://zoom.us/j/${id}${suffix}` };
    }
  }
}

const text = (required: string, label: string) =>
  requiredString(required).max(CAMERA_LIMITS.textMaxLength, { error: TOO_LONG(label, CAMERA_LIMITS.textMaxLength) });

/**
 * The Camera Channel Setup form (super-admin/settings/add-camera) with its own rules. The source is
 * checked against the channel type and stored normalised (a URL, a video id, a meeting id).
 */
export const cameraSchema = z
  .object({
    name: text(CAMERA_NAME_REQUIRED, 'Name of Camera'),
    modelCode: text(MODEL_CODE_REQUIRED, 'Model Code or QR Code'),
    cameraModel: text(CAMERA_MODEL_REQUIRED, 'Camera Model'),
    schoolIds: z.array(z.string().trim(), { error: SCHOOLS_REQUIRED }).min(1, { error: SCHOOLS_REQUIRED }),
    location: oneOf(CAMERA_LOCATIONS, LOCATION_REQUIRED),
    specifyLocation: optionalString().refine((value) => value === undefined || value.length <= CAMERA_LIMITS.textMaxLength, {
      error: TOO_LONG('Specify Location', CAMERA_LIMITS.textMaxLength),
    }),
    channelType: oneOf(CAMERA_CHANNEL_TYPES, CHANNEL_REQUIRED),
    source: optionalString(),
    roles: z.array(z.enum(CAMERA_VIEWER_ROLES, { error: ROLES_REQUIRED }), { error: ROLES_REQUIRED }).min(1, { error: ROLES_REQUIRED }),
  })
  .transform((value, ctx) => {
    if (value.location === 'Other' && !value.specifyLocation) {
      ctx.addIssue({ code: 'custom', path: ['specifyLocation'], message: SPECIFY_LOCATION_REQUIRED, input: value.specifyLocation });
    }
    const rule = SOURCE_RULES[value.channelType];
    const source = value.source && value.source.length <= CAMERA_LIMITS.urlMaxLength ? rule.parse(value.source) : null;
    if (!value.source) ctx.addIssue({ code: 'custom', path: ['source'], message: rule.required, input: value.source });
    else if (!source) ctx.addIssue({ code: 'custom', path: ['source'], message: rule.invalid, input: value.source });
    if (!source || (value.location === 'Other' && !value.specifyLocation)) return z.NEVER;
    return { ...value, schoolIds: [...new Set(value.schoolIds)], roles: [...new Set(value.roles)], source };
  });
export type CameraInput = z.input<typeof cameraSchema>;
export type CameraValues = z.output<typeof cameraSchema>;

/** An ISO date-time with its offset (the browser sends UTC), so the moment never depends on a zone. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const dateTime = (required: string) =>
  z
    .string({ error: whenMissing(required, CLIP_TIME_INVALID) })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)), { error: CLIP_TIME_INVALID })
    .transform((value) => new Date(value).toISOString());

/** A recorded clip of a camera: start and end (ISO date-times) and where the recording is. */
export const cameraClipSchema = z
  .object({
    startsAt: dateTime(CLIP_START_REQUIRED),
    endsAt: dateTime(CLIP_END_REQUIRED),
    url: requiredString(CLIP_URL_REQUIRED)
      .max(CAMERA_LIMITS.urlMaxLength, { error: CLIP_URL_INVALID })
      .transform((value, ctx) => {
        const url = httpUrl(value);
        if (!url) {
          ctx.addIssue({ code: 'custom', message: CLIP_URL_INVALID, input: value });
          return z.NEVER;
        }
        return url;
      }),
  })
  .refine((value) => value.endsAt > value.startsAt, { path: ['endsAt'], error: CLIP_END_BEFORE_START });
export type CameraClipInput = z.input<typeof cameraClipSchema>;

export const clipDayQuerySchema = z.object({ date: requiredDateField('Date is required', 'Invalid date') });

export const cameraListQuerySchema = z.object({ channel: z.enum(CAMERA_CHANNEL_TYPES).optional() });

/** Where a camera is, in words: "Classroom — JSS 1 A" or "Main gate". */
export function cameraPlace(camera: { location: string; specifyLocation: string | null }): string {
  return camera.specifyLocation ? (camera.location === 'Other' ? camera.specifyLocation : `${camera.location} — ${camera.specifyLocation}`) : camera.location;
}

/**
 * The app's own test pattern as a Motion JPEG stream (multipart/x-mixed-replace, as IP cameras serve
 * it), so that the demo's cameras play with no camera and no outside network: colour bars, a marker
 * sweeping across them and the time, FRAMES_PER_SECOND frames a second, drawn from SVG with sharp.
 * Viewers watching at the same moment share each frame; the stream ends after the seconds asked for
 * (with a last frame that says so) or when the viewer leaves.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_TIME_ZONE } from '@school/shared/constants';
import sharp from 'sharp';

export const DEMO_STREAM_BOUNDARY = 'demo-camera-frame';
export const DEMO_STREAM_CONTENT_TYPE = `multipart/x-mixed-replace; boundary=${DEMO_STREAM_BOUNDARY}`;
export const FRAMES_PER_SECOND = 4;

const WIDTH = 640;
const HEIGHT = 360;
const BARS = ['#c0c0c0', '#c0c000', '#00c0c0', '#00c000', '#c000c0', '#c00000', '#0000c0'];
const REVERSE_BARS = ['#0000c0', '#131313', '#c000c0', '#131313', '#00c0c0', '#131313', '#c0c0c0'];
const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';
/** The marker crosses the picture in this many frames. */
const SWEEP_FRAMES = 40;

const CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

const barWidth = WIDTH / BARS.length;
const bars = (colours: string[], y: number, height: number) =>
  colours.map((fill, i) => `<rect x="${(i * barWidth).toFixed(1)}" y="${y}" width="${(barWidth + 1).toFixed(1)}" height="${height}" fill="${fill}"/>`).join('');
const BACKGROUND = `${bars(BARS, 0, 230)}${bars(REVERSE_BARS, 230, 40)}<rect y="270" width="${WIDTH}" height="${HEIGHT - 270}" fill="#101418"/>`;

function patternSvg(frame: number, at: Date): string {
  const x = ((frame % SWEEP_FRAMES) / SWEEP_FRAMES) * (WIDTH - 48);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    ${BACKGROUND}
    <rect x="${x.toFixed(1)}" y="0" width="48" height="270" fill="#ffffff" fill-opacity="0.85"/>
    <circle cx="${WIDTH - 28}" cy="304" r="8" fill="${frame % FRAMES_PER_SECOND < FRAMES_PER_SECOND / 2 ? '#e53935' : '#5c1a1a'}"/>
    <text x="20" y="302" font-family="${FONT}" font-size="22" font-weight="bold" fill="#ffffff">DEMO CAMERA · LIVE TEST PATTERN</text>
    <text x="20" y="338" font-family="${FONT}" font-size="22" fill="#d8dee4">${CLOCK.format(at)} · frame ${frame % 100_000}</text>
  </svg>`;
}

const END_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#101418"/>
  <text x="${WIDTH / 2}" y="170" font-family="${FONT}" font-size="26" font-weight="bold" fill="#ffffff" text-anchor="middle">The demo stream has ended</text>
  <text x="${WIDTH / 2}" y="210" font-family="${FONT}" font-size="20" fill="#d8dee4" text-anchor="middle">Open the camera again to keep watching</text>
</svg>`;

const jpeg = (svg: string) => sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();

/** The frame of a moment (its number since the epoch), drawn once for everyone watching then. */
let latest: { frame: number; image: Promise<Buffer> } | null = null;
function frameImage(frame: number): Promise<Buffer> {
  if (latest?.frame !== frame) {
    const image = jpeg(patternSvg(frame, new Date((frame * 1000) / FRAMES_PER_SECOND)));
    // a failed drawing is not kept: the next viewer draws it again
    image.catch(() => {
      if (latest?.image === image) latest = null;
    });
    latest = { frame, image };
  }
  return latest.image;
}

let endImage: Promise<Buffer> | null = null;

/** One part of the multipart stream: its headers, then the JPEG. */
function part(image: Buffer): Buffer {
  const head = `--${DEMO_STREAM_BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${image.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), image, Buffer.from('\r\n')]);
}

/** `seconds` of the test pattern as the parts of a multipart/x-mixed-replace body, paced in real time. */
export async function* demoStream(seconds: number): AsyncGenerator<Buffer> {
  const interval = 1000 / FRAMES_PER_SECOND;
  const until = Date.now() + seconds * 1000;
  let due = Date.now();
  while (Date.now() < until) {
    yield part(await frameImage(Math.floor(Date.now() / interval)));
    due += interval;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    // a viewer too slow to keep up skips frames rather than falling behind
    else due = Date.now();
  }
  endImage ??= jpeg(END_SVG).catch((error: unknown) => {
    endImage = null;
    throw error;
  });
  yield part(await endImage);
  yield Buffer.from(`--${DEMO_STREAM_BOUNDARY}--\r\n`);
}

import type { CameraPlayback } from '@school/shared/cameras/responses';
import { isMjpegStream } from '@school/shared/cameras/schemas';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Whether this browser plays HLS in a plain <video> (Safari, iOS, Android Chrome, recent Edge/Chrome). */
export function canPlayHlsNatively(): boolean {
  if (typeof document === 'undefined') return false;
  const video = document.createElement('video');
  return video.canPlayType(HLS_TYPE) !== '' || video.canPlayType('application/x-mpegURL') !== '';
}

const isHls = (url: string) => /\.m3u8(?:$|[?#])/i.test(url);

function NotLoaded({ url }: { url: string }) {
  return (
    // eslint-disable-next-line no-restricted-syntax -- the video element failed, not an API request: there is no 403 to tell apart
    <Alert className="mt-2">
      The video could not be loaded. The camera may be offline.{' '}
      <a href={url} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
        Open it directly
      </a>
    </Alert>
  );
}

/**
 * A Motion JPEG stream (as IP cameras and the app's own test pattern serve it): a browser shows it in
 * an <img>, each frame replacing the last. Leaving the page lets go of the stream.
 */
export function MjpegPlayer({ url, title }: { url: string; title: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    const image = ref.current;
    // a removed <img> may keep its endless response open: drop the source so the browser closes it
    return () => image?.removeAttribute('src');
  }, [url]);
  return (
    <div>
      <img ref={ref} key={url} src={url} alt={title} onError={() => setFailed(true)} className="aspect-video w-full rounded-xl bg-slate-900 object-contain" />
      {failed ? <NotLoaded url={url} /> : null}
    </div>
  );
}

/**
 * A recording or live stream in a native <video>. An HLS (.m3u8) source needs native HLS support;
 * without it the viewer gets a clear message and a link instead of a black box. A Motion JPEG
 * stream plays in an <img> instead (MjpegPlayer).
 */
export function VideoPlayer({ url, title, autoPlay = false }: { url: string; title: string; autoPlay?: boolean }) {
  if (isMjpegStream(url)) return <MjpegPlayer url={url} title={title} />;
  return <NativeVideo url={url} title={title} autoPlay={autoPlay} />;
}

function NativeVideo({ url, title, autoPlay }: { url: string; title: string; autoPlay: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const unsupported = isHls(url) && !canPlayHlsNatively();
  useEffect(() => setFailed(false), [url]);

  if (unsupported) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-900 p-4 text-center text-sm text-white">
        <p className="font-semibold">This browser cannot play live HLS streams by itself.</p>
        <p className="text-white/80">Open the stream in Safari, Microsoft Edge, a phone’s browser or a player such as VLC.</p>
        <a href={url} target="_blank" rel="noopener noreferrer" className="font-semibold text-tertiary underline">
          Open the stream
        </a>
      </div>
    );
  }
  return (
    <div>
      <video
        ref={ref}
        key={url}
        src={url}
        title={title}
        aria-label={title}
        controls
        muted
        playsInline
        autoPlay={autoPlay}
        preload="metadata"
        onError={() => setFailed(true)}
        className="aspect-video w-full rounded-xl bg-slate-900"
      />
      {failed ? <NotLoaded url={url} /> : null}
    </div>
  );
}

const EMBED_NAMES: Record<string, string> = { 'www.youtube.com': 'YouTube', 'player.vimeo.com': 'Vimeo', 'app.zoom.us': 'Zoom' };

/** A camera's stream: HLS in a <video>, Motion JPEG in an <img>, or the provider's player built from the validated id. */
export function CameraPlayer({ playback, title }: { playback: CameraPlayback; title: string }) {
  if (playback.kind === 'mjpeg') return <MjpegPlayer url={playback.url} title={title} />;
  if (playback.kind === 'hls') return <VideoPlayer url={playback.url} title={title} autoPlay />;
  const provider = EMBED_NAMES[new URL(playback.url).hostname] ?? 'the provider';
  return (
    <div>
      <iframe
        src={playback.url}
        title={title}
        className="aspect-video w-full rounded-xl border-0 bg-slate-900"
        allow="autoplay; fullscreen; picture-in-picture; camera; microphone"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-forms"
      />
      <p className="mt-2 text-sm text-slate-600">
        Not playing?{' '}
        <a href={playback.openUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-secondary underline">
          Open it in {provider}
        </a>
      </p>
    </div>
  );
}

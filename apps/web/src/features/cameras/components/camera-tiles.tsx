import type { Camera } from '@school/shared/cameras/responses';
import { cameraPlace } from '@school/shared/cameras/schemas';
import { Link } from 'react-router';
import { ShieldIcon } from '@/components/ui/icons';

const CHANNEL_LABELS: Record<Camera['channelType'], string> = { Live: 'Live', Youtube: 'YouTube', Vimeo: 'Vimeo', Zoom: 'Zoom' };
export const channelLabel = (type: Camera['channelType']) => CHANNEL_LABELS[type];

/** A grid of camera tiles, each linking to the camera's page (`${basePath}/cam/:id`). */
export function CameraTiles({ cameras, basePath }: { cameras: Camera[]; basePath: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Cameras">
      {cameras.map((camera) => (
        <li key={camera.id}>
          <Link
            to={`${basePath}/cam/${camera.id}`}
            className="group block overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs transition hover:border-secondary hover:shadow-md"
          >
            <div className="relative flex aspect-video items-center justify-center bg-gradient-to-br from-slate-800 to-slate-950 text-white/70">
              <ShieldIcon size={40} />
              <span className="absolute top-2 left-2 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white">
                {camera.channelType === 'Live' ? <span aria-hidden="true" className="size-2 rounded-full bg-red-500" /> : null}
                {channelLabel(camera.channelType)}
              </span>
            </div>
            <div className="p-3.5">
              <p className="font-semibold text-slate-900 group-hover:text-secondary">{camera.name}</p>
              <p className="mt-0.5 text-sm text-slate-600">{cameraPlace(camera)}</p>
              {camera.schools.length ? <p className="mt-0.5 truncate text-xs text-slate-500">{camera.schools.map((s) => s.name).join(', ')}</p> : null}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

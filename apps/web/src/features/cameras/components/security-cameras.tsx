import { CAMERA_CHANNEL_TYPES } from '@school/shared/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ShieldIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useCameras } from '../api/get-cameras';
import { CameraTiles, channelLabel } from './camera-tiles';
import { LiveDialog } from './live-dialog';

/**
 * The Security cameras screen (admin/records/security, the Cameras tab of super-admin/security):
 * a channel selector, the Live dialog of recordings, and tiles of the cameras this user may see.
 */
export function SecurityCameras({ basePath, canManage }: { basePath: string; canManage: boolean }) {
  const [channel, setChannel] = useState('');
  const [liveOpen, setLiveOpen] = useState(false);
  const cameras = useCameras(channel);
  const live = useCameras('Live');

  return (
    <>
      <div className="mb-5 flex flex-wrap items-end gap-3">
        <SelectField label="Channel" className="w-44" value={channel} onChange={(e) => setChannel(e.target.value)}>
          <option value="">All channels</option>
          {CAMERA_CHANNEL_TYPES.map((type) => (
            <option key={type} value={type}>
              {channelLabel(type)}
            </option>
          ))}
        </SelectField>
        <Button variant="primary" onClick={() => setLiveOpen(true)}>
          <span aria-hidden="true" className="mr-1.5 inline-block size-2 rounded-full bg-red-400" />
          Live
        </Button>
        {canManage ? (
          <Link to="/super-admin/settings/channels" className={buttonClasses({ variant: 'gray', className: 'ml-auto' })}>
            Manage channels
          </Link>
        ) : null}
      </div>
      {cameras.isPending ? (
        <p className="flex items-center gap-2 py-8 text-sm text-slate-600">
          <Spinner size="sm" /> Loading cameras…
        </p>
      ) : cameras.isError ? (
        <LoadError error={cameras.error}>
          <p>We could not load the cameras. {cameras.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void cameras.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : cameras.data.items.length === 0 ? (
        <EmptyState
          icon={<ShieldIcon size={24} />}
          title={channel ? `No ${channelLabel(channel as never)} cameras` : 'No cameras yet'}
          description={
            canManage
              ? 'Add a camera channel (Live, YouTube, Vimeo or Zoom) and assign it to your schools.'
              : 'No camera has been assigned to your school and role yet. Your school’s owner sets them up.'
          }
          action={
            canManage ? (
              <Link to="/super-admin/settings/add-camera" className={buttonClasses({ variant: 'primary' })}>
                Add a camera
              </Link>
            ) : undefined
          }
        />
      ) : (
        <CameraTiles cameras={cameras.data.items} basePath={basePath} />
      )}
      <LiveDialog open={liveOpen} onClose={() => setLiveOpen(false)} cameras={live.data?.items ?? []} canManage={canManage} />
    </>
  );
}

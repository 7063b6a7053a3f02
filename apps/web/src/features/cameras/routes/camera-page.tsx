import { cameraPlace } from '@school/shared/cameras/schemas';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { useCamera } from '../api/get-cameras';
import { CameraPlayer } from '../components/camera-player';
import { channelLabel } from '../components/camera-tiles';

/** super-admin/security/cam/:id (and admin/records/security/cam/:id): one camera playing. */
export function Component() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const back = pathname.startsWith('/admin/') ? '/admin/records/security' : '/super-admin/security';
  const camera = useCamera(id);
  useDocumentTitle(camera.data?.name ?? 'Camera');
  const backLink = (
    <Link to={back} className="text-sm font-semibold text-secondary hover:underline">
      ← All cameras
    </Link>
  );
  if (camera.isPending) return <PageSpinner label="Loading camera" />;
  if (camera.isError) {
    return (
      <>
        {backLink}
        {isApiError(camera.error) && camera.error.status === 404 ? (
          <EmptyState className="mt-4" title="Camera not found" description="This camera does not exist or is not assigned to you." />
        ) : (
          <LoadError error={camera.error} className="mt-4">
            The camera could not be loaded. {camera.error.message}
          </LoadError>
        )}
      </>
    );
  }
  const c = camera.data;
  return (
    <>
      <div className="mb-3">{backLink}</div>
      <PageHeader title={c.name} description={`${channelLabel(c.channelType)} · ${cameraPlace(c)}`} />
      <div className="max-w-5xl">
        <CameraPlayer playback={c.playback} title={c.name} />
        <dl className="mt-4 grid grid-cols-[9rem_1fr] gap-y-1.5 text-sm text-slate-700">
          <dt className="text-slate-500">Camera Model</dt>
          <dd>{c.cameraModel}</dd>
          <dt className="text-slate-500">Model / QR Code</dt>
          <dd>{c.modelCode}</dd>
          {c.schools.length ? (
            <>
              <dt className="text-slate-500">School</dt>
              <dd>{c.schools.map((s) => s.name).join(', ')}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </>
  );
}

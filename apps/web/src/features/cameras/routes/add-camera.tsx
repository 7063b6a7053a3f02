import { useNavigate } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCreateCamera } from '../api/camera-mutations';
import { useCameraOptions } from '../api/get-cameras';
import { CameraForm } from '../components/camera-form';

/** super-admin/settings/add-camera: the Camera Channel Setup form. */
export function Component() {
  useDocumentTitle('Camera Channel Setup');
  const options = useCameraOptions();
  const create = useCreateCamera();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Camera Channel Setup" description="A camera stream (Live HLS, YouTube, Vimeo or Zoom), the schools that see it and where it is." />
      <div className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        {options.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner size="sm" /> Loading schools…
          </p>
        ) : options.isError ? (
          <LoadError error={options.error}>The schools could not be loaded. {options.error.message}</LoadError>
        ) : (
          <CameraForm
            schools={options.data.schools}
            submitLabel="Publish"
            onSubmit={async (values) => {
              const saved = await create.mutateAsync(values);
              toast.success(`${saved.name} added`);
              await navigate('/super-admin/settings/channels');
            }}
          />
        )}
      </div>
    </>
  );
}

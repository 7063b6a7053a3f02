import { ROLE_LABELS } from '@school/shared/auth/roles';
import type { Camera } from '@school/shared/cameras/responses';
import { cameraPlace } from '@school/shared/cameras/schemas';
import { useMemo, useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { RowActions } from '@/components/ui/row-actions';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDeleteCamera, useUpdateCamera } from '../api/camera-mutations';
import { useCameraOptions, useCameras } from '../api/get-cameras';
import { CameraForm } from './camera-form';
import { channelLabel } from './camera-tiles';

/** settings/channels: every camera channel of the organisation, to edit or delete. */
export function ChannelList() {
  const cameras = useCameras();
  const options = useCameraOptions();
  const update = useUpdateCamera();
  const remove = useDeleteCamera();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Camera | null>(null);

  const columns = useMemo<TableColumn<Camera>[]>(
    () => [
      {
        id: 'name',
        name: 'Name of Camera',
        selector: (row) => row.name,
        sortable: true,
        grow: 2,
        cell: (row) => (
          <span className="py-2">
            <span className="block font-semibold text-slate-900">{row.name}</span>
            <span className="block text-xs text-slate-500">
              {row.cameraModel} · {row.modelCode}
            </span>
            <span className="block text-xs text-slate-500 min-[960px]:hidden">
              {channelLabel(row.channelType)} · {cameraPlace(row)}
            </span>
          </span>
        ),
      },
      { id: 'channel', name: 'Channel', selector: (row) => channelLabel(row.channelType), sortable: true, hide: Media.MD, width: '8rem' },
      { id: 'location', name: 'Location', selector: (row) => cameraPlace(row), sortable: true, hide: Media.MD, wrap: true },
      { id: 'schools', name: 'Schools', selector: (row) => row.schools.map((s) => s.name).join(', '), hide: Media.MD, wrap: true },
      { id: 'roles', name: 'Seen by', selector: (row) => row.roles.map((r) => ROLE_LABELS[r]).join(', '), hide: Media.LG, wrap: true },
      {
        id: 'actions',
        name: <span className="sr-only">Actions</span>,
        button: true,
        width: '8.5rem',
        cell: (row) => (
          <RowActions
            rowLabel={row.name}
            actions={[
              { type: 'view', label: `Watch ${row.name}`, onClick: () => void navigate(`/super-admin/security/cam/${row.id}`) },
              { type: 'edit', onClick: () => setEditing(row) },
              {
                type: 'delete',
                confirm: {
                  title: `Delete ${row.name}?`,
                  message: 'The channel and its recordings list will be removed for every school. This cannot be undone.',
                  confirmLabel: 'Delete camera',
                },
                onClick: async () => {
                  try {
                    await remove.mutateAsync(row.id);
                    toast.success(`${row.name} deleted`);
                  } catch (error) {
                    toast.error(error instanceof Error ? error.message : 'The camera could not be deleted.');
                  }
                },
              },
            ]}
          />
        ),
      },
    ],
    [navigate, remove],
  );

  if (cameras.isError) {
    return (
      <LoadError error={cameras.error}>
        <p>We could not load the camera channels. {cameras.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void cameras.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Link to="/super-admin/settings/add-camera" className={buttonClasses({ variant: 'primary' })}>
          Add camera
        </Link>
      </div>
      <DataTable<Camera>
        ariaLabel="Camera channels"
        columns={columns}
        data={cameras.data?.items ?? []}
        progressPending={cameras.isPending}
        noDataComponent={<p className="px-4 py-10 text-center text-sm text-slate-600">No camera channels yet. Add your first camera.</p>}
      />
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing ? `Edit ${editing.name}` : ''} size="2xl">
        {editing && options.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner size="sm" /> Loading…
          </p>
        ) : editing && options.data ? (
          <CameraForm
            schools={options.data.schools}
            defaultValues={{
              name: editing.name,
              modelCode: editing.modelCode,
              cameraModel: editing.cameraModel,
              schoolIds: editing.schools.map((s) => s.id),
              location: editing.location,
              specifyLocation: editing.specifyLocation ?? '',
              channelType: editing.channelType,
              source: editing.source,
              roles: editing.roles,
            }}
            submitLabel="Save changes"
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              const saved = await update.mutateAsync({ id: editing.id, values });
              toast.success(`${saved.name} saved`);
              setEditing(null);
            }}
          />
        ) : editing ? (
          <LoadError error={options.error}>The schools could not be loaded. {options.error?.message}</LoadError>
        ) : null}
      </Modal>
    </>
  );
}

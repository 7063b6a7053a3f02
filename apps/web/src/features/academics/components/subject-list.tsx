import type { SubjectResponse } from '@school/shared/academics/responses';
import { useMemo, useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { Drawer } from '@/components/ui/drawer';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { RowActions } from '@/components/ui/row-actions';
import { toast } from '@/components/ui/toast';
import { useSubjects } from '../api/get-subjects';
import { useDeleteSubject, useUpdateSubject } from '../api/subject-mutations';
import { errorMessage } from '../lib/apply-field-errors';
import { SubjectDetails } from './subject-details';
import { SubjectForm } from './subject-form';

function classChips(row: SubjectResponse) {
  if (row.classes.length === 0) return <span className="text-slate-500">Not assigned</span>;
  return (
    <ul className="flex flex-wrap gap-1 py-2" aria-label={`Classes taking ${row.name}`}>
      {row.classes.map((c) => (
        <li key={c.id} className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-secondary">
          {c.className}
        </li>
      ))}
    </ul>
  );
}

/** The school's subjects with the classes of the selected session that take them. */
export function SubjectList() {
  const subjects = useSubjects();
  const update = useUpdateSubject();
  const remove = useDeleteSubject();
  const [viewing, setViewing] = useState<SubjectResponse | null>(null);
  const [editing, setEditing] = useState<SubjectResponse | null>(null);

  const columns = useMemo<TableColumn<SubjectResponse>[]>(
    () => [
      {
        id: 'name',
        name: 'Subject',
        selector: (row) => row.name,
        sortable: true,
        minWidth: '9rem',
        wrap: true,
        cell: (row) => (
          <span className="py-2">
            <span className="block font-semibold text-slate-900">{row.name}</span>
            {/* on phones the code and class columns are hidden */}
            <span className="block text-xs text-slate-500 min-[600px]:hidden">
              {row.code} · {row.classes.length === 0 ? 'not assigned' : `${row.classes.length} class${row.classes.length === 1 ? '' : 'es'}`}
            </span>
          </span>
        ),
      },
      { id: 'code', name: 'Code', selector: (row) => row.code, sortable: true, width: '6rem', hide: Media.SM },
      { id: 'classes', name: 'Classes', selector: (row) => row.classes.length, sortable: true, cell: classChips, grow: 3, wrap: true, hide: Media.SM },
      {
        id: 'actions',
        name: <span className="sr-only">Actions</span>,
        button: true,
        width: '8.5rem',
        cell: (row) => (
          <RowActions
            rowLabel={row.name}
            actions={[
              { type: 'view', label: `View and assign ${row.name}`, onClick: () => setViewing(row) },
              { type: 'edit', onClick: () => setEditing(row) },
              {
                type: 'delete',
                confirm: {
                  title: `Delete ${row.name}?`,
                  message:
                    row.classes.length > 0
                      ? `${row.name} is taught in ${row.classes.length} class${row.classes.length === 1 ? '' : 'es'}; remove it from them first.`
                      : `${row.name} will be removed from the school's subjects.`,
                  confirmLabel: 'Delete subject',
                },
                onClick: async () => {
                  try {
                    await remove.mutateAsync(row.id);
                    toast.success(`${row.name} deleted`);
                  } catch (error) {
                    toast.error(errorMessage(error));
                  }
                },
              },
            ]}
          />
        ),
      },
    ],
    [remove],
  );

  if (subjects.isError) {
    return (
      <LoadError error={subjects.error}>
        <p>We could not load the subjects. {subjects.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void subjects.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }

  return (
    <>
      <DataTable<SubjectResponse>
        ariaLabel="Subjects"
        columns={columns}
        data={subjects.data?.items ?? []}
        progressPending={subjects.isPending}
        noDataComponent={
          <div className="px-4 py-10 text-center text-sm text-slate-600">
            <p>Your school has no subjects yet.</p>
            <Link to="/admin/academics/add-subject" className={buttonClasses({ variant: 'primary', size: 'sm', className: 'mt-3' })}>
              Add a subject
            </Link>
          </div>
        }
      />

      <Drawer open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.name ?? ''} size="xl">
        {viewing ? <SubjectDetails subjectId={viewing.id} /> : null}
      </Drawer>

      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing ? `Edit ${editing.name}` : ''} size="lg">
        {editing ? (
          <SubjectForm
            submitLabel="Save changes"
            defaultValues={{ name: editing.name, code: editing.code }}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              const saved = await update.mutateAsync({ ...values, id: editing.id });
              toast.success(`${saved.name} saved`);
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

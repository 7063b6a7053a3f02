import type { ClassResponse } from '@school/shared/academics/responses';
import { CLASS_LEVELS } from '@school/shared/constants';
import { useMemo, useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { Drawer } from '@/components/ui/drawer';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { RowActions } from '@/components/ui/row-actions';
import { toast } from '@/components/ui/toast';
import { useClasses } from '../api/get-classes';
import { useDeleteClass, useUpdateClass } from '../api/class-mutations';
import { errorMessage } from '../lib/apply-field-errors';
import { ClassDetails } from './class-details';
import { ClassForm } from './class-form';
import { isInLevelGroup, LevelGroupFilter, type LevelGroupChoice } from './level-group-filter';

const SUBJECTS_SHOWN = 3;

/** Nursery 1 before Primary 1 before JSS 1 (not alphabetical). */
function byLevelThenArm(a: ClassResponse, b: ClassResponse) {
  const rank = (level: string) => (CLASS_LEVELS as readonly string[]).indexOf(level);
  return rank(a.level) - rank(b.level) || a.arm.localeCompare(b.arm, 'en', { numeric: true });
}

function subjectSummary(row: ClassResponse) {
  if (row.subjects.length === 0) return <span className="text-slate-500">None yet</span>;
  const names = row.subjects.map((s) => s.name);
  const rest = names.length - SUBJECTS_SHOWN;
  return (
    <span title={names.join(', ')} className="py-2 leading-snug">
      <span className="font-medium text-slate-900">{names.length}</span>
      <span className="text-slate-600">
        {' · '}
        {names.slice(0, SUBJECTS_SHOWN).join(', ')}
        {rest > 0 ? ` and ${rest} more` : ''}
      </span>
    </span>
  );
}

/** The classes of the selected session, with filters, details, editing and deletion. */
export function ClassList() {
  const classes = useClasses();
  const update = useUpdateClass();
  const remove = useDeleteClass();
  const [group, setGroup] = useState<LevelGroupChoice>('All');
  const [viewing, setViewing] = useState<ClassResponse | null>(null);
  const [editing, setEditing] = useState<ClassResponse | null>(null);

  const rows = useMemo(() => (classes.data?.items ?? []).filter((row) => isInLevelGroup(row.level, group)), [classes.data, group]);

  const columns = useMemo<TableColumn<ClassResponse>[]>(
    () => [
      {
        id: 'class',
        name: 'Class',
        selector: (row) => row.name,
        sortable: true,
        sortFunction: byLevelThenArm,
        minWidth: '7rem',
        cell: (row) => (
          <span className="py-2">
            <span className="block font-semibold whitespace-nowrap text-slate-900">{row.name}</span>
            {/* on phones only this column and the actions show: lines under the name say the rest */}
            <span className="block text-xs text-slate-500 min-[600px]:hidden">{row.classTeacher?.name ?? 'No class teacher'}</span>
            <span className="block text-xs text-slate-500 min-[600px]:hidden">
              {row.studentCount} student{row.studentCount === 1 ? '' : 's'} · {row.subjects.length} subject{row.subjects.length === 1 ? '' : 's'}
            </span>
          </span>
        ),
      },
      {
        id: 'teacher',
        name: 'Class teacher',
        selector: (row) => row.classTeacher?.name ?? '',
        sortable: true,
        cell: (row) => row.classTeacher?.name ?? <span className="text-slate-500">None yet</span>,
        hide: Media.SM,
        minWidth: '10rem',
      },
      { id: 'subjects', name: 'Subjects', selector: (row) => row.subjects.length, sortable: true, cell: subjectSummary, grow: 2, wrap: true, hide: Media.MD },
      { id: 'students', name: 'Students', selector: (row) => row.studentCount, sortable: true, right: true, width: '8.5rem', hide: Media.SM },
      {
        id: 'actions',
        name: <span className="sr-only">Actions</span>,
        button: true,
        width: '8.5rem',
        cell: (row) => (
          <RowActions
            rowLabel={row.name}
            actions={[
              { type: 'view', onClick: () => setViewing(row) },
              { type: 'edit', onClick: () => setEditing(row) },
              {
                type: 'delete',
                confirm: {
                  title: `Delete ${row.name}?`,
                  message:
                    row.studentCount > 0
                      ? `${row.name} has ${row.studentCount} student${row.studentCount === 1 ? '' : 's'}; a class with students cannot be deleted.`
                      : `${row.name} and its subject assignments will be removed. This cannot be undone.`,
                  confirmLabel: 'Delete class',
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

  if (classes.isError) {
    return (
      <LoadError error={classes.error}>
        <p>We could not load the classes. {classes.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void classes.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }

  if (classes.data && !classes.data.session) {
    return (
      <EmptyState
        title="No academic session yet"
        description="Add a session (for example 2024/25) and make it Active in Settings; classes belong to a session."
        action={
          <Link to="/admin/settings" className={buttonClasses({ variant: 'primary' })}>
            Go to settings
          </Link>
        }
      />
    );
  }

  return (
    <>
      <div className="mb-4">
        <LevelGroupFilter value={group} onChange={setGroup} />
      </div>
      <DataTable<ClassResponse>
        ariaLabel="Classes"
        columns={columns}
        data={rows}
        progressPending={classes.isPending}
        noDataComponent={
          <div className="px-4 py-10 text-center text-sm text-slate-600">
            <p>
              {group === 'All'
                ? `There are no classes in ${classes.data?.session?.name ?? 'this session'} yet.`
                : `There are no ${group} classes in ${classes.data?.session?.name ?? 'this session'}.`}
            </p>
            {group === 'All' ? (
              <Link to="/admin/academics/add-class" className={buttonClasses({ variant: 'primary', size: 'sm', className: 'mt-3' })}>
                Add a class
              </Link>
            ) : null}
          </div>
        }
      />

      <Drawer open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.name ?? ''}>
        {viewing ? <ClassDetails classId={viewing.id} /> : null}
      </Drawer>

      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing ? `Edit ${editing.name}` : ''} size="lg">
        {editing ? (
          <ClassForm
            submitLabel="Save changes"
            defaultValues={{ level: editing.level, arm: editing.arm, classTeacherId: editing.classTeacher?.id ?? '' }}
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

import type { Assignment } from '@school/shared/assignments/responses';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { RowActions } from '@/components/ui/row-actions';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useAssignmentOptions, useAssignments } from '../api/get-assignments';
import { useDeleteAssignment } from '../api/save-assignment';
import { AssignmentForm } from '../components/assignment-form';

/** teachers/assessments/assignment: the assignments a teacher sets for the classes and subjects they teach. */
export function Component() {
  useDocumentTitle('Assignment');
  const options = useAssignmentOptions();
  const [filters, setFilters] = useState({ termId: '', classId: '', subjectId: '' });
  const list = useAssignments(filters);
  const remove = useDeleteAssignment();
  const [editing, setEditing] = useState<{ assignment?: Assignment } | null>(null);
  const [viewing, setViewing] = useState<Assignment | null>(null);
  const canWrite = Boolean(options.data && options.data.classes.length > 0);

  const columns: TableColumn<Assignment>[] = [
    {
      name: 'Title',
      grow: 2,
      cell: (row) => (
        <div className="py-2">
          <button type="button" className="text-left font-semibold text-primary hover:underline" onClick={() => setViewing(row)}>
            {row.title}
          </button>
          <p className="mt-0.5 text-xs font-medium text-slate-700 sm:hidden">
            {row.class.name} · {row.subject.name}
          </p>
          <p className="mt-0.5 line-clamp-2 text-xs text-slate-600">{row.description}</p>
        </div>
      ),
    },
    { name: 'Class', selector: (row) => row.class.name, wrap: true, hide: Media.SM },
    { name: 'Subject', selector: (row) => row.subject.name, wrap: true, hide: Media.SM },
    { name: 'Term', selector: (row) => row.term.name, hide: Media.MD },
    { name: 'Due date', selector: (row) => formatDate(row.dueDate), minWidth: '7rem' },
    {
      name: 'Action',
      button: true,
      width: '8rem',
      cell: (row) => (
        <RowActions
          rowLabel={row.title}
          actions={[
            { type: 'view', onClick: () => setViewing(row) },
            ...(row.canEdit
              ? [
                  { type: 'edit' as const, onClick: () => setEditing({ assignment: row }) },
                  {
                    type: 'delete' as const,
                    confirm: { title: `Delete "${row.title}"?`, message: 'Students will no longer see this assignment.', confirmLabel: 'Delete' },
                    onClick: async () => {
                      try {
                        await remove.mutateAsync(row.id);
                        toast.success('Assignment deleted');
                      } catch (error) {
                        toast.error(isApiError(error) ? error.message : 'Could not delete the assignment');
                      }
                    },
                  },
                ]
              : []),
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Assignment"
        description="Set assignments for the classes and subjects you teach; your students see them on their dashboard."
        actions={
          <>
            <Link to="/teachers/assessments" className="text-sm font-semibold text-secondary hover:underline">
              Back to Assessment
            </Link>
            <Link to="/teachers/teachers-comment" className="text-sm font-semibold text-secondary hover:underline">
              Teachers Comment
            </Link>
            <Button variant="primary" onClick={() => setEditing({})} disabled={!canWrite}>
              New assignment
            </Button>
          </>
        }
      />
      {options.isError ? (
        <LoadError error={options.error} className="mb-4">
          We could not load your classes and subjects. {options.error.message}
        </LoadError>
      ) : null}
      {options.data && !canWrite ? (
        <Alert tone="info" className="mb-4">
          You have no subjects to teach in the selected session yet, so there is nothing to set an assignment for.
        </Alert>
      ) : null}
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Term"
          placeholder="All terms"
          value={filters.termId}
          onChange={(e) => setFilters({ ...filters, termId: e.target.value })}
          options={(options.data?.terms ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
        <SelectField
          label="Class"
          placeholder="All classes"
          value={filters.classId}
          onChange={(e) => setFilters({ ...filters, classId: e.target.value })}
          options={(options.data?.classes ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField
          label="Subject"
          placeholder="All subjects"
          value={filters.subjectId}
          onChange={(e) => setFilters({ ...filters, subjectId: e.target.value })}
          options={(options.data?.subjects ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      </div>
      {list.isError ? (
        <LoadError error={list.error} className="mb-4">
          <p>We could not load your assignments. {list.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : null}
      <DataTable<Assignment> ariaLabel="Assignments" columns={columns} data={list.data?.items ?? []} progressPending={list.isPending} pagination />
      {editing && options.data ? <AssignmentForm assignment={editing.assignment} options={options.data} onClose={() => setEditing(null)} /> : null}
      {viewing ? <AssignmentDetails assignment={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}

function AssignmentDetails({ assignment, onClose }: { assignment: Assignment; onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title={assignment.title}
      description={`${assignment.class.name} · ${assignment.subject.name} · ${assignment.term.name} term`}
      size="lg"
    >
      <dl className="mb-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">Due date</dt>
          <dd className="font-semibold">{formatDate(assignment.dueDate) || '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Set by</dt>
          <dd className="font-semibold">{assignment.teacher.name}</dd>
        </div>
      </dl>
      <p className="text-sm whitespace-pre-wrap text-slate-800">{assignment.description}</p>
    </Modal>
  );
}

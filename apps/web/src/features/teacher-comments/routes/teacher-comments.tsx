import type { CommentRow } from '@school/shared/teacher-comments/responses';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { RowActions } from '@/components/ui/row-actions';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { initials } from '@/lib/format';
import { useCommentOptions, useComments, useDeleteComment } from '../api/teacher-comments';
import { AddCommentsDialog } from '../components/add-comments-dialog';
import { CommentChip } from '../components/comment-chip';

type Row = CommentRow & { id: string; serialNo: number };

/** teachers/teachers-comment: the teacher's comments on each student of their classes, per term. */
export function Component() {
  useDocumentTitle('Teachers Comment');
  const options = useCommentOptions();
  const [classId, setClassId] = useState('');
  const [subjectId, setSubjectId] = useState('all');
  const [chosenTerm, setChosenTerm] = useState('');
  const list = useComments({ termId: chosenTerm || undefined, classId: classId || undefined, subjectId: subjectId === 'all' ? undefined : subjectId });
  const termId = chosenTerm || list.data?.termId || '';
  const termName = options.data?.terms.find((t) => t.id === termId)?.name ?? '';
  const [adding, setAdding] = useState<{ classId?: string; studentId?: string } | null>(null);
  const [removing, setRemoving] = useState<{ id: string; comment: string } | null>(null);
  const remove = useDeleteComment();
  const canAdd = Boolean(options.data && options.data.classes.length > 0 && termId);

  const rows: Row[] = (list.data?.items ?? []).map((r, i) => ({ ...r, id: r.studentId, serialNo: i + 1 }));
  const columns: TableColumn<Row>[] = [
    { name: 'S/N', selector: (row) => row.serialNo, width: '4rem', hide: Media.SM },
    {
      name: 'Photo',
      width: '5.5rem',
      hide: Media.SM,
      cell: (row) => (
        <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-primary-50 text-xs font-bold text-secondary">
          {initials(row.name)}
        </span>
      ),
    },
    {
      name: 'Name',
      grow: 1,
      minWidth: '7rem',
      cell: (row) => (
        <div className="py-2">
          <p className="font-semibold text-slate-900">{row.name}</p>
          <p className="text-xs text-slate-500 sm:hidden">{row.class.name}</p>
        </div>
      ),
    },
    { name: 'Class', selector: (row) => row.class.name, hide: Media.SM, width: '7rem' },
    {
      name: 'Comments',
      grow: 3,
      cell: (row) =>
        row.comments.length === 0 ? (
          <span className="text-xs text-slate-500">No comments yet</span>
        ) : (
          <div className="flex flex-wrap gap-1.5 py-2">
            {row.comments.map((c) => (
              <CommentChip
                key={c.id}
                comment={c.comment}
                score={c.score}
                subjectName={c.subject?.name}
                onRemove={c.canDelete ? () => setRemoving({ id: c.id, comment: c.comment }) : undefined}
              />
            ))}
          </div>
        ),
    },
    {
      name: 'Actions',
      button: true,
      width: '4rem',
      cell: (row) =>
        canAdd ? (
          <RowActions
            rowLabel={row.name}
            actions={[{ type: 'edit', label: `Add comments for ${row.name}`, onClick: () => setAdding({ classId: row.class.id, studentId: row.studentId }) }]}
          />
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Teachers Comment"
        description="Comment on each student of your classes for the term. A score of 5 or more shows green, lower shows pink."
        actions={
          <Button variant="primary" onClick={() => setAdding({ classId: classId || undefined })} disabled={!canAdd}>
            Add Comments
          </Button>
        }
      />
      {options.isError ? (
        <LoadError error={options.error} className="mb-4">
          We could not load your classes. {options.error.message}
        </LoadError>
      ) : null}
      {options.data && options.data.classes.length === 0 ? (
        <Alert tone="info" className="mb-4">
          You have no classes in the selected session yet, so there is no student to comment on.
        </Alert>
      ) : null}
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Class"
          placeholder="All classes"
          value={classId}
          onChange={(e) => setClassId(e.target.value)}
          options={(options.data?.classes ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField
          label="Subject"
          value={subjectId}
          onChange={(e) => setSubjectId(e.target.value)}
          options={[{ value: 'all', label: 'All' }, ...(options.data?.subjects ?? []).map((s) => ({ value: s.id, label: s.name }))]}
        />
        <SelectField
          label="Term"
          value={termId}
          onChange={(e) => setChosenTerm(e.target.value)}
          options={(options.data?.terms ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
      </div>
      {list.isError ? (
        <LoadError error={list.error} className="mb-4">
          <p>We could not load the comments. {list.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : null}
      <DataTable<Row> ariaLabel="Teacher comments" columns={columns} data={rows} progressPending={list.isPending} selectableRows />
      {adding && options.data ? (
        <AddCommentsDialog
          options={options.data}
          termId={termId}
          termName={termName}
          classId={adding.classId}
          studentId={adding.studentId}
          onClose={() => setAdding(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this comment?"
        message={removing ? `“${removing.comment}” will no longer show for this student.` : undefined}
        confirmLabel="Remove"
        tone="danger"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove.mutateAsync(removing.id);
            toast.success('Comment removed');
          } catch (error) {
            toast.error(isApiError(error) ? error.message : 'Could not remove the comment');
          }
          setRemoving(null);
        }}
      />
    </>
  );
}

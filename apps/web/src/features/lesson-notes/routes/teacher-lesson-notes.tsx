import { TABLE } from '@school/shared/constants';
import type { LessonNoteDetail, LessonNoteListItem } from '@school/shared/lesson-notes/responses';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { RowActions } from '@/components/ui/row-actions';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLessonNoteOptions } from '../api/get-lesson-note-options';
import { useLessonNotes } from '../api/get-lesson-notes';
import { LessonNoteFilters, NO_FILTERS, type LessonNoteFilterValues } from '../components/lesson-note-filters';
import { LessonNoteForm } from '../components/lesson-note-form';
import { NoteDrawer } from '../components/note-drawer';
import { LessonNoteStatusBadge } from '../components/status-badge';
import { formatDate } from '../lib/format';

type Editing = { note?: LessonNoteDetail } | null;

/** teachers/lesson-notes: the teacher's notes, written, corrected and submitted for review. */
export function Component() {
  useDocumentTitle('Lesson Notes');
  const options = useLessonNoteOptions();
  const [filters, setFilters] = useState<LessonNoteFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const notes = useLessonNotes({ ...filters, teacherId: undefined, page, pageSize });
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const canWrite = Boolean(options.data && options.data.classes.length > 0);

  const columns: TableColumn<LessonNoteListItem>[] = [
    {
      name: 'Title',
      grow: 2,
      cell: (row) => (
        <div className="py-2">
          <button type="button" onClick={() => setViewing(row.id)} className="text-left font-semibold text-primary hover:underline">
            {row.title}
            {row.hasAttachment ? <span className="ml-1 text-xs font-normal text-slate-500">(file)</span> : null}
          </button>
          {/* on phones the class, subject and week columns are hidden; they show here */}
          <p className="mt-0.5 text-xs text-slate-600 sm:hidden">
            {row.class.name} · {row.subject.name} · {row.term.name}, week {row.week}
          </p>
        </div>
      ),
    },
    {
      name: 'Status',
      cell: (row) => (
        <div className="py-2">
          <LessonNoteStatusBadge status={row.status} />
          {row.status === 'Rejected' && row.reviewComment ? (
            <p className="mt-1 line-clamp-2 text-xs text-slate-600" title={row.reviewComment}>
              “{row.reviewComment}”
            </p>
          ) : null}
        </div>
      ),
      minWidth: '8rem',
    },
    { name: 'Class', selector: (row) => row.class.name, wrap: true, hide: Media.SM },
    { name: 'Subject', selector: (row) => row.subject.name, wrap: true, hide: Media.SM },
    { name: 'Term', selector: (row) => `${row.term.name}, week ${row.week}`, wrap: true, hide: Media.SM },
    { name: 'Updated', selector: (row) => formatDate(row.updatedAt), hide: Media.MD },
    {
      name: 'Action',
      button: true,
      width: '4.5rem',
      cell: (row) => <RowActions rowLabel={row.title} actions={[{ type: 'view', onClick: () => setViewing(row.id) }]} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Lesson Notes"
        description="Write a note for each class, subject and week you teach, then submit it for review."
        actions={
          <Button variant="primary" onClick={() => setEditing({})} disabled={!canWrite}>
            New lesson note
          </Button>
        }
      />
      {options.isError ? (
        <LoadError error={options.error} className="mb-4">
          We could not load your classes and subjects. {options.error.message}
        </LoadError>
      ) : null}
      {options.data && !canWrite ? (
        <Alert tone="info" className="mb-4">
          You have no subjects to teach in the selected session yet, so there is nothing to write a note for.
        </Alert>
      ) : null}
      <LessonNoteFilters
        options={options.data}
        value={filters}
        onChange={(value) => {
          setFilters(value);
          setPage(1);
        }}
        show={['classId', 'subjectId', 'termId', 'week', 'status']}
      />
      {notes.isError ? (
        <LoadError error={notes.error} className="mb-4">
          <p>We could not load your lesson notes. {notes.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void notes.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : null}
      <DataTable<LessonNoteListItem>
        ariaLabel="Lesson notes"
        columns={columns}
        data={notes.data?.items ?? []}
        progressPending={notes.isPending}
        paginationServer
        paginationTotalRows={notes.data?.total ?? 0}
        paginationPerPage={pageSize}
        onChangePage={setPage}
        onChangeRowsPerPage={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      {viewing ? (
        <NoteDrawer
          id={viewing}
          onClose={() => setViewing(null)}
          onEdit={(note) => {
            setViewing(null);
            setEditing({ note });
          }}
        />
      ) : null}
      {editing && options.data ? (
        <LessonNoteForm
          note={editing.note}
          options={options.data}
          onClose={() => setEditing(null)}
          onSaved={(note) => {
            setEditing(null);
            setViewing(note.id);
          }}
        />
      ) : null}
    </>
  );
}

import { TABLE } from '@school/shared/constants';
import type { LessonNoteListItem } from '@school/shared/lesson-notes/responses';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { RowActions } from '@/components/ui/row-actions';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLessonNoteOptions } from '../api/get-lesson-note-options';
import { useLessonNotes } from '../api/get-lesson-notes';
import { LessonNoteFilters, NO_FILTERS, type LessonNoteFilterValues } from '../components/lesson-note-filters';
import { NoteDrawer } from '../components/note-drawer';
import { LessonNoteStatusBadge } from '../components/status-badge';
import { formatDate } from '../lib/format';

const REVIEWED_STATUSES = ['Submitted', 'Approved', 'Rejected'] as const;

/** admin/academics/lesson-note: the notes teachers submitted, to approve or reject. */
export function Component() {
  useDocumentTitle('Lesson Notes');
  const options = useLessonNoteOptions();
  const [filters, setFilters] = useState<LessonNoteFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const notes = useLessonNotes({ ...filters, page, pageSize });
  const [viewing, setViewing] = useState<string | null>(null);

  const columns: TableColumn<LessonNoteListItem>[] = [
    {
      name: 'Title',
      grow: 2,
      cell: (row) => (
        <div className="py-2">
          <button type="button" onClick={() => setViewing(row.id)} className="text-left font-semibold text-primary hover:underline">
            {row.title}
          </button>
          <p className="mt-0.5 text-xs text-slate-600">
            {row.teacher.name}
            <span className="sm:hidden">
              {' '}
              · {row.class.name} · {row.subject.name} · {row.term.name}, week {row.week}
            </span>
          </p>
        </div>
      ),
    },
    { name: 'Status', cell: (row) => <LessonNoteStatusBadge status={row.status} />, minWidth: '7.5rem' },
    { name: 'Class', selector: (row) => row.class.name, wrap: true, hide: Media.SM },
    { name: 'Subject', selector: (row) => row.subject.name, wrap: true, hide: Media.SM },
    { name: 'Week', selector: (row) => `${row.term.name}, week ${row.week}`, wrap: true, hide: Media.SM },
    { name: 'Submitted', selector: (row) => formatDate(row.submittedAt), hide: Media.MD },
    {
      name: 'Action',
      button: true,
      width: '4.5rem',
      cell: (row) => <RowActions rowLabel={row.title} actions={[{ type: 'view', label: `Review ${row.title}`, onClick: () => setViewing(row.id) }]} />,
    },
  ];

  return (
    <>
      <PageHeader title="Lesson Notes" description="Lesson notes your teachers have submitted. Open one to approve it, or to reject it with a comment." />
      {options.isError ? (
        <LoadError error={options.error} className="mb-4">
          We could not load the filters. {options.error.message}
        </LoadError>
      ) : null}
      <LessonNoteFilters
        options={options.data}
        value={filters}
        onChange={(value) => {
          setFilters(value);
          setPage(1);
        }}
        show={['teacherId', 'classId', 'subjectId', 'termId', 'week', 'status']}
        statuses={REVIEWED_STATUSES}
      />
      {notes.isError ? (
        <LoadError error={notes.error} className="mb-4">
          <p>We could not load the lesson notes. {notes.error.message}</p>
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
      {viewing ? <NoteDrawer id={viewing} reviewer onClose={() => setViewing(null)} /> : null}
    </>
  );
}

import type { ClassSummary } from '@school/shared/report-cards/responses';
import { formatMark, ordinal } from '@school/shared/report-cards/schemas';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useClassSummary, useReportCardClasses } from '../api/report-cards';
import { ClassReportCardsDownload } from '../components/class-report-cards-download';
import { SchoolReportCardsDownload } from '../components/school-report-cards-download';

type Row = ClassSummary['students'][number] & { id: string };

/** admin/records/report-cards: a class's report cards for a term — each student's, or all as one PDF. */
export function Component() {
  useDocumentTitle('Report Cards');
  const options = useReportCardClasses();
  const [classId, setClassId] = useState('');
  const [chosenTerm, setChosenTerm] = useState('');
  const termId = chosenTerm || options.data?.terms.find((t) => t.isCurrent)?.id || '';
  const termName = options.data?.terms.find((t) => t.id === termId)?.name ?? '';
  const summary = useClassSummary(classId, termId);
  const rows: Row[] = (summary.data?.students ?? []).map((s) => ({ ...s, id: s.studentId }));
  const columns: TableColumn<Row>[] = [
    {
      name: 'Name',
      grow: 2,
      cell: (row) => (
        <Link to={`/admin/records/report-card/${row.studentId}?term=${termId}`} className="font-semibold text-primary hover:underline">
          {row.name}
        </Link>
      ),
    },
    { name: 'Admission No.', selector: (row) => row.admissionNumber ?? '', hide: Media.SM },
    { name: 'Total', selector: (row) => formatMark(row.total), width: '6rem' },
    { name: 'Average', selector: (row) => formatMark(row.average), width: '6rem', hide: Media.SM },
    { name: 'Position', selector: (row) => ordinal(row.position), width: '6rem' },
  ];
  return (
    <>
      <PageHeader
        title="Report Cards"
        description="Open a student's report card, or build a class's or every class's report cards as one PDF to print."
        actions={
          <div className="flex flex-wrap gap-4">
            <Link to="/admin/records/principal-comments" className="text-sm font-semibold text-secondary hover:underline">
              Write principal&apos;s comments for a class
            </Link>
            <Link to="/admin/records/class-teacher-comments" className="text-sm font-semibold text-secondary hover:underline">
              Class teacher&apos;s comments
            </Link>
            <Link to="/admin/records/result-pins" className="text-sm font-semibold text-secondary hover:underline">
              Result PINs
            </Link>
          </div>
        }
      />
      {options.isError ? (
        <LoadError error={options.error} className="mb-4">
          We could not load the classes. {options.error.message}
        </LoadError>
      ) : null}
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Class"
          placeholder="Select a class"
          value={classId}
          onChange={(e) => setClassId(e.target.value)}
          options={(options.data?.classes ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField
          label="Term"
          value={termId}
          onChange={(e) => setChosenTerm(e.target.value)}
          options={(options.data?.terms ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
      </div>
      {termId ? (
        <div className="mb-4">
          <SchoolReportCardsDownload termId={termId} termName={termName} />
        </div>
      ) : null}
      {!classId ? <p className="text-sm text-slate-600">Choose a class to see its students' report cards.</p> : null}
      {summary.isError ? (
        <LoadError error={summary.error} className="mb-4">
          <p>We could not load the class. {summary.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : null}
      {summary.data ? (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">
              {summary.data.className} · {summary.data.termName} term, {summary.data.sessionName}
            </span>
            <Badge status={summary.data.published ? 'Published' : 'Not published'} tone={summary.data.published ? 'green' : 'yellow'} />
          </div>
          {summary.data.students.length > 0 ? (
            <div className="mb-4">
              <ClassReportCardsDownload classId={classId} termId={termId} className={summary.data.className} />
            </div>
          ) : null}
        </>
      ) : null}
      {classId ? <DataTable<Row> ariaLabel="Students" columns={columns} data={rows} progressPending={summary.isPending} /> : null}
    </>
  );
}

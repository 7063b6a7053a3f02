import { useMemo } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ClockIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useStudentTimetable } from '../api/get-student-timetable';
import { PrintButton } from '../components/print-button';
import { cellKey, TimetableGrid, type GridCell } from '../components/timetable-grid';

/** student/timetable/{id}: the student's class week, read-only and printable. */
export function Component() {
  useDocumentTitle('Time Table');
  const { id } = useParams();
  const timetable = useStudentTimetable(id);
  const cells = useMemo(() => {
    const map = new Map<string, GridCell>();
    for (const slot of timetable.data?.slots ?? []) map.set(cellKey(slot.day, slot.hour), { primary: slot.subjectName, secondary: slot.teacherName });
    return map;
  }, [timetable.data]);
  const data = timetable.data;

  return (
    <>
      <PageHeader
        title="Time Table"
        description={data?.class ? `${data.class.name} · Monday to Friday, 8:00 AM to 5:00 PM` : 'Your class’s week'}
        actions={<PrintButton disabled={!data?.class} />}
      />
      {timetable.isPending ? (
        <PageSpinner label="Loading the timetable" />
      ) : timetable.isError ? (
        <LoadError error={timetable.error}>
          <p>We could not load the timetable. {timetable.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void timetable.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : !data?.class ? (
        <EmptyState
          icon={<ClockIcon size={24} />}
          title="No class this session"
          description="You are not in a class for the selected session, so there is no timetable to show."
        />
      ) : (
        <section aria-labelledby="student-timetable-heading" className="timetable-print">
          <h2 id="student-timetable-heading" className="mb-3 text-base font-semibold text-slate-900 print:text-xl">
            {data.class.name}
            <span className="hidden print:inline"> — Time Table · {data.student.name}</span>
          </h2>
          {data.slots.length === 0 ? <p className="no-print mb-3 text-sm text-slate-600">Your school has not set this class’s timetable yet.</p> : null}
          <TimetableGrid label={`${data.class.name} timetable`} cells={cells} />
        </section>
      )}
    </>
  );
}

import { useMemo } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ClockIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { ChildPage } from '@/features/parent/components/child-header';
import { useStudentTimetable } from '@/features/timetable/api/get-student-timetable';
import { PrintButton } from '@/features/timetable/components/print-button';
import { cellKey, TimetableGrid, type GridCell } from '@/features/timetable/components/timetable-grid';
import { useDocumentTitle } from '@/hooks/use-document-title';

function ChildTimetable({ studentId }: { studentId: string }) {
  const timetable = useStudentTimetable(studentId);
  const cells = useMemo(() => {
    const map = new Map<string, GridCell>();
    for (const slot of timetable.data?.slots ?? []) map.set(cellKey(slot.day, slot.hour), { primary: slot.subjectName, secondary: slot.teacherName });
    return map;
  }, [timetable.data]);
  const data = timetable.data;

  if (timetable.isPending) return <PageSpinner label="Loading the timetable" />;
  if (timetable.isError) {
    return (
      <LoadError error={timetable.error}>
        <p>We could not load the timetable. {timetable.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void timetable.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }
  if (!data?.class) {
    return (
      <EmptyState
        icon={<ClockIcon size={24} />}
        title="No class this session"
        description="Your child is not in a class for the selected session, so there is no timetable to show."
      />
    );
  }
  return (
    <section aria-labelledby="child-timetable-heading" className="timetable-print">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 id="child-timetable-heading" className="text-base font-semibold text-slate-900 print:text-xl">
          Time Table · {data.class.name}
          <span className="hidden print:inline"> · {data.student.name}</span>
        </h1>
        <PrintButton />
      </div>
      {data.slots.length === 0 ? <p className="no-print mb-3 text-sm text-slate-600">The school has not set this class’s timetable yet.</p> : null}
      <TimetableGrid label={`${data.class.name} timetable`} cells={cells} />
    </section>
  );
}

/** /parent/children/:studentId/timetable: the child's class week, printable. */
export function Component() {
  const { studentId = '' } = useParams();
  useDocumentTitle('Time Table');
  return <ChildPage studentId={studentId}>{() => <ChildTimetable studentId={studentId} />}</ChildPage>;
}

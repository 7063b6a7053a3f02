import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ClockIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useMyTimetable } from '../api/get-my-timetable';
import { PrintButton } from './print-button';
import { cellKey, TimetableGrid, type GridCell } from './timetable-grid';

/** The signed-in teacher's week across their classes (the "My week" part of the teachers' dashboard). */
export function TeacherWeek() {
  const week = useMyTimetable();
  const cells = useMemo(() => {
    const map = new Map<string, GridCell>();
    for (const slot of week.data?.slots ?? []) map.set(cellKey(slot.day, slot.hour), { primary: slot.subjectName, secondary: slot.className });
    return map;
  }, [week.data]);
  const hasLessons = Boolean(week.data?.slots.length);

  return (
    <section aria-labelledby="my-week-heading" className="timetable-print mt-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="my-week-heading" className="text-lg font-semibold text-slate-900">
            My week
          </h2>
          <p className="text-sm text-slate-600">
            {week.data?.teacher ? (
              <>
                Your lessons across your classes this session
                <span className="hidden print:inline"> — {week.data.teacher.name}</span>
              </>
            ) : (
              'Your lessons across your classes this session'
            )}
          </p>
        </div>
        <PrintButton disabled={!hasLessons} />
      </div>
      {week.isPending ? (
        <div className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-5 py-8 text-sm text-slate-600">
          <Spinner size="sm" /> Loading your week…
        </div>
      ) : week.isError ? (
        <LoadError error={week.error}>
          <p>We could not load your week. {week.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void week.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : hasLessons ? (
        <TimetableGrid label="My week" cells={cells} />
      ) : (
        <EmptyState
          icon={<ClockIcon size={24} />}
          title="No lessons on your timetable yet"
          description={
            week.data.teacher
              ? 'When the school sets the timetables of the classes you teach, your week appears here.'
              : 'Your account is not linked to a staff record of this school yet.'
          }
        />
      )}
    </section>
  );
}

import type { ClassTimetable } from '@school/shared/timetable/responses';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useClassTimetable } from '../api/get-class-timetable';
import { SlotDialog } from './slot-dialog';
import { cellKey, TimetableGrid, type GridCell } from './timetable-grid';

/** Subject and teacher in each filled slot of a class's week. */
export function classCells(timetable: ClassTimetable | undefined): Map<string, GridCell> {
  const cells = new Map<string, GridCell>();
  for (const slot of timetable?.slots ?? []) {
    cells.set(cellKey(slot.day, slot.hour), { primary: slot.subjectName, secondary: slot.teacherName });
  }
  return cells;
}

/** One class's week, editable slot by slot (click or Enter on a slot opens the subject dialog). */
export function ClassTimetableEditor({ classId }: { classId: string }) {
  const timetable = useClassTimetable(classId);
  const [open, setOpen] = useState<{ day: number; hour: number } | null>(null);
  const cells = useMemo(() => classCells(timetable.data), [timetable.data]);

  if (timetable.isPending) {
    return (
      <div className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-5 py-10 text-sm text-slate-600">
        <Spinner size="sm" /> Loading the timetable…
      </div>
    );
  }
  if (timetable.isError) {
    return (
      <LoadError error={timetable.error}>
        <p>We could not load this timetable. {timetable.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void timetable.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }

  const data = timetable.data;
  const current = open ? (data.slots.find((s) => s.day === open.day && s.hour === open.hour)?.classSubjectId ?? null) : null;
  const filled = data.slots.length;

  return (
    <section aria-labelledby="class-timetable-heading" className="timetable-print">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="class-timetable-heading" className="text-base font-semibold text-slate-900 print:text-xl">
          {data.class.name} <span className="hidden print:inline">— Time Table</span>
        </h2>
        <p className="no-print text-sm text-slate-600">
          {filled === 0 ? 'No slots set yet' : `${filled} slot${filled === 1 ? '' : 's'} set`}
          {data.canEdit ? ' · choose a slot to change it (arrow keys move between slots)' : ''}
        </p>
      </div>
      <TimetableGrid label={`${data.class.name} timetable`} cells={cells} onActivate={data.canEdit ? (day, hour) => setOpen({ day, hour }) : undefined} />
      {open ? (
        <SlotDialog
          key={`${open.day}:${open.hour}`}
          classId={data.class.id}
          className={data.class.name}
          day={open.day}
          hour={open.hour}
          subjects={data.subjects}
          current={current}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}

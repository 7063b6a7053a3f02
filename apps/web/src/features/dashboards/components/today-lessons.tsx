import type { TodayLesson } from '@school/shared/dashboards/responses';
import { dayName, slotRangeLabel } from '@school/shared/timetable/constants';
import { EmptyLine } from './figures-ui';

/** The day's lessons by slot; `show` says whether each row names the class or the teacher. */
export function TodayLessons({ day, lessons, show }: { day: number | null; lessons: TodayLesson[]; show: 'class' | 'teacher' }) {
  if (day === null) return <EmptyLine>No lessons today: it is the weekend.</EmptyLine>;
  if (lessons.length === 0) return <EmptyLine>No lessons on the timetable for {dayName(day)}.</EmptyLine>;
  return (
    <ol aria-label={`Lessons on ${dayName(day)}`} className="divide-y divide-slate-100">
      {lessons.map((l) => (
        <li key={`${l.hour}-${l.className}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2.5">
          <span className="text-sm font-medium text-slate-900">{l.subjectName}</span>
          <span className="text-xs text-slate-600 tabular-nums">
            {slotRangeLabel(l.hour)} · {show === 'class' ? l.className : (l.teacherName ?? 'No teacher yet')}
          </span>
        </li>
      ))}
    </ol>
  );
}

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { MonthCalendar } from '@/components/ui/month-calendar';
import { PageSpinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useStudentAttendance } from '../api/get-student-attendance';
import { formatRate } from './rate-text';

const monthOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
const MONTH_NAME = new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const LEGEND = [
  { label: 'Present', className: 'bg-green-600' },
  { label: 'Absent', className: 'bg-amber-500' },
  { label: 'Late or Excused', className: 'bg-red-600' },
];

/**
 * A student's attendance: the month calendar with a dot on each marked day (green Present, amber
 * Absent, red anything else) and the totals of that month's term. Used by the student's own page and
 * by a parent's page for a child.
 */
export function StudentAttendanceView({ studentId, heading }: { studentId: string; heading?: string }) {
  const [month, setMonth] = useState<string | null>(null);
  // the calendar's own view (a year or decade while the user browses); the month's data follows month views
  const [viewStart, setViewStart] = useState<Date | null>(null);
  const attendance = useStudentAttendance(studentId, month);
  const data = attendance.data;

  if (attendance.isError) {
    return (
      <LoadError error={attendance.error}>
        <p>We could not load the attendance. {attendance.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void attendance.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }
  if (!data) return <PageSpinner label="Loading attendance" />;
  const [y, m] = data.month.split('-').map(Number);
  const shown = new Date(y, m - 1, 1);
  const totals = data.totals;
  const figures = [
    { label: 'Present', value: totals.present },
    { label: 'Absent', value: totals.absent },
    { label: 'Late', value: totals.late },
    { label: 'Excused', value: totals.excused },
  ];

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <section aria-labelledby="attendance-calendar-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="attendance-calendar-heading" className="mb-3 text-base font-semibold text-slate-900">
          {heading ?? 'Attendance'} · {MONTH_NAME.format(Date.UTC(y, m - 1, 1))}
        </h2>
        <MonthCalendar
          events={data.events}
          activeStartDate={viewStart ?? shown}
          onActiveStartDateChange={(date, view) => {
            setViewStart(date);
            if (view === 'month') setMonth(monthOf(date));
          }}
        />
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="What the dots mean">
          {LEGEND.map((item) => (
            <li key={item.label} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`size-2.5 rounded-full ${item.className}`} />
              {item.label}
            </li>
          ))}
        </ul>
        {data.events.length === 0 ? <p className="mt-3 text-sm text-slate-600">No attendance was recorded in this month.</p> : null}
      </section>
      <section aria-labelledby="attendance-term-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="attendance-term-heading" className="text-base font-semibold text-slate-900">
          {data.term ? `${data.term.name} term` : 'Term'}
        </h2>
        {data.term ? (
          <p className="text-sm text-slate-600">
            {formatDate(data.term.startDate)} – {formatDate(data.term.endDate)}
            {data.student.className ? ` · ${data.student.className}` : ''}
          </p>
        ) : (
          <p className="text-sm text-slate-600">This month is not in a term of the selected session.</p>
        )}
        <p className="mt-4 text-3xl font-bold text-slate-900">{formatRate(totals.rate)}</p>
        <p className="text-sm text-slate-600">
          Present on {totals.present + totals.late} of {totals.daysOpen} days the school was open
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs font-semibold text-slate-600 uppercase">{f.label}</dt>
              <dd className="mt-1 text-xl font-bold text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

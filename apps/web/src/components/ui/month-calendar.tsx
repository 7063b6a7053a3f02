import { CALENDAR } from '@school/shared/constants';
import Calendar from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import { cn } from '@/lib/cn';

/** A day with something recorded; `month` is 1-12. Present and Absent have their own colours. */
export interface CalendarEvent {
  day: number;
  month: number;
  year: number;
  title: string;
}

type CalendarValue = Date | null | [Date | null, Date | null];

export interface MonthCalendarProps {
  events?: CalendarEvent[];
  value?: Date | null;
  onChange?: (date: Date) => void;
  minDate?: Date;
  maxDate?: Date;
  className?: string;
  /** The month shown (controlled), and a callback when the user moves to another month. */
  activeStartDate?: Date;
  onActiveStartDateChange?: (date: Date, view: 'century' | 'decade' | 'year' | 'month') => void;
}

export function eventDotColor(title: string): 'green' | 'amber' | 'red' {
  const normalised = title.trim().toLowerCase();
  if (normalised === 'present') return 'green';
  if (normalised === 'absent') return 'amber';
  return 'red';
}

const DOT_CLASSES = { green: 'bg-green-600', amber: 'bg-amber-500', red: 'bg-red-600' } as const;

function dayKey(year: number, month: number, day: number): string {
  return `${year}-${month}-${day}`;
}

const EARLIEST_DATE = new Date(CALENDAR.earliestYear, 0, 1);
EARLIEST_DATE.setFullYear(CALENDAR.earliestYear);

/** react-calendar with the spec's views (century down to month) and a dot on each day with events. */
export function MonthCalendar({ events = [], value, onChange, minDate, maxDate, className, activeStartDate, onActiveStartDateChange }: MonthCalendarProps) {
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const key = dayKey(event.year, event.month, event.day);
    byDay.set(key, [...(byDay.get(key) ?? []), event]);
  }
  const lower = minDate ?? EARLIEST_DATE;
  // The minimum may not be later than the maximum; a reversed pair keeps the minimum.
  const upper = maxDate && maxDate < lower ? lower : maxDate;

  return (
    <div className={cn('month-calendar', className)}>
      <Calendar
        value={value ?? null}
        onChange={(next: CalendarValue) => {
          if (next instanceof Date) onChange?.(next);
        }}
        activeStartDate={activeStartDate}
        onActiveStartDateChange={({ activeStartDate: next, view }) => {
          if (next) onActiveStartDateChange?.(next, view);
        }}
        minDetail={CALENDAR.views[0]}
        maxDetail={CALENDAR.views[CALENDAR.views.length - 1]}
        minDate={lower}
        maxDate={upper}
        tileContent={({ date, view }) => {
          if (view !== 'month') return null;
          const dayEvents = byDay.get(dayKey(date.getFullYear(), date.getMonth() + 1, date.getDate()));
          if (!dayEvents?.length) return null;
          return (
            <span className="mt-0.5 flex justify-center gap-0.5">
              {dayEvents.map((event, index) => {
                const color = eventDotColor(event.title);
                return <span key={index} data-dot={color} className={cn('size-1.5 rounded-full', DOT_CLASSES[color])} />;
              })}
              <span className="sr-only">{dayEvents.map((event) => event.title).join(', ')}</span>
            </span>
          );
        }}
      />
    </div>
  );
}

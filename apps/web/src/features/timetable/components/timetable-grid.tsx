import { TIMETABLE } from '@school/shared/constants';
import { BREAK_HOUR, formatHour, TEACHING_HOURS, TIMETABLE_DAYS, TIMETABLE_HOURS } from '@school/shared/timetable/constants';
import { useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

export interface GridCell {
  primary: string;
  secondary?: string | null;
}

export const cellKey = (day: number, hour: number) => `${day}:${hour}`;

export interface TimetableGridProps {
  /** Names the grid for assistive technology, e.g. 'JSS 1 A timetable'. */
  label: string;
  cells: ReadonlyMap<string, GridCell>;
  /** Makes every teaching slot a button (click, Enter or Space), moved between with the arrow keys. */
  onActivate?: (day: number, hour: number) => void;
  className?: string;
}

const DAYS = TIMETABLE_DAYS.map((day) => ({ day, name: TIMETABLE.days[day - 1] }));
const FIRST = { day: TIMETABLE_DAYS[0] as number, hour: TEACHING_HOURS[0] };

/** The next cell from (day, hour) for a navigation key, or null when the key does not move. */
export function moveFocus(from: { day: number; hour: number }, key: string, ctrl = false): { day: number; hour: number } | null {
  const lastDay = TIMETABLE_DAYS[TIMETABLE_DAYS.length - 1];
  const hourIndex = TEACHING_HOURS.indexOf(from.hour);
  switch (key) {
    case 'ArrowRight':
      return { day: Math.min(from.day + 1, lastDay), hour: from.hour };
    case 'ArrowLeft':
      return { day: Math.max(from.day - 1, 1), hour: from.hour };
    case 'ArrowDown':
      return { day: from.day, hour: TEACHING_HOURS[Math.min(hourIndex + 1, TEACHING_HOURS.length - 1)] };
    case 'ArrowUp':
      return { day: from.day, hour: TEACHING_HOURS[Math.max(hourIndex - 1, 0)] };
    case 'Home':
      return ctrl ? FIRST : { day: 1, hour: from.hour };
    case 'End':
      return ctrl ? { day: lastDay, hour: TEACHING_HOURS[TEACHING_HOURS.length - 1] } : { day: lastDay, hour: from.hour };
    default:
      return null;
  }
}

/**
 * A week: time slots down the side (8:00 AM to 5:00 PM, the BREAK row shaded), Monday to Friday
 * across. On a phone the table scrolls sideways inside its card, the time column staying put.
 */
export function TimetableGrid({ label, cells, onActivate, className }: TimetableGridProps) {
  const editable = Boolean(onActivate);
  const [active, setActive] = useState(FIRST);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: number, hour: number) {
    const next = moveFocus({ day, hour }, event.key, event.ctrlKey || event.metaKey);
    if (!next) return;
    event.preventDefault();
    setActive(next);
    buttons.current.get(cellKey(next.day, next.hour))?.focus();
  }

  return (
    // A read-only week has nothing focusable inside: the scrolling card itself takes focus, so the
    // keyboard can scroll it sideways on a narrow screen.
    <div
      className={cn('timetable-scroll overflow-x-auto rounded-xl border border-slate-200 bg-white', className)}
      {...(editable ? {} : { tabIndex: 0, role: 'region', 'aria-label': label })}
    >
      <table role={editable ? 'grid' : undefined} aria-label={label} className="timetable-table w-full min-w-[46rem] table-fixed border-collapse text-sm">
        <colgroup>
          <col className="w-22 sm:w-28" />
          {DAYS.map(({ day }) => (
            <col key={day} />
          ))}
        </colgroup>
        <thead>
          <tr className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <th scope="col" className="sticky left-0 z-10 border-b border-slate-200 bg-slate-50 px-3 py-2.5 text-left">
              Time
            </th>
            {DAYS.map(({ day, name }) => (
              <th key={day} scope="col" className="border-b border-l border-slate-200 px-2 py-2.5 text-left">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TIMETABLE_HOURS.map((hour) =>
            hour === BREAK_HOUR ? (
              <tr key={hour} className="timetable-break bg-slate-100">
                <th scope="row" className="sticky left-0 z-10 border-b border-slate-200 bg-slate-100 px-3 py-2 text-left font-medium text-slate-700">
                  {formatHour(hour)}
                </th>
                <td colSpan={DAYS.length} className="border-b border-l border-slate-200 py-2 text-center text-xs font-bold tracking-[0.4em] text-slate-600">
                  {/* kept in view while a phone scrolls the week sideways */}
                  <span className="sticky right-4 left-32 inline-block">BREAK</span>
                </td>
              </tr>
            ) : (
              <tr key={hour}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 border-b border-slate-200 bg-white px-3 py-2 text-left align-top font-medium whitespace-nowrap text-slate-700"
                >
                  {formatHour(hour)}
                  <span className="block text-xs font-normal text-slate-500">to {formatHour(hour + 1)}</span>
                </th>
                {DAYS.map(({ day, name }) => {
                  const cell = cells.get(cellKey(day, hour));
                  // an empty editable slot shows '+ Add', so its name says Add too (axe: label-content-name-mismatch)
                  const spoken = `${name} ${formatHour(hour)}: ${cell ? [cell.primary, cell.secondary].filter(Boolean).join(', ') : editable ? 'Free. Add a subject' : 'Free'}`;
                  return (
                    <td key={day} className="h-16 border-b border-l border-slate-200 p-1 align-top">
                      {editable ? (
                        <button
                          type="button"
                          ref={(element) => {
                            if (element) buttons.current.set(cellKey(day, hour), element);
                            else buttons.current.delete(cellKey(day, hour));
                          }}
                          tabIndex={active.day === day && active.hour === hour ? 0 : -1}
                          aria-label={spoken}
                          aria-haspopup="dialog"
                          onFocus={() => setActive({ day, hour })}
                          onKeyDown={(event) => onKeyDown(event, day, hour)}
                          onClick={() => onActivate?.(day, hour)}
                          className={cn(
                            'flex h-full min-h-14 w-full flex-col items-start rounded-lg px-2 py-1.5 text-left transition-colors',
                            'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-tertiary print:outline-none',
                            cell ? 'bg-primary-50 hover:bg-primary-100' : 'text-slate-500 hover:bg-slate-50',
                          )}
                        >
                          <CellText cell={cell} emptyText="+ Add" />
                        </button>
                      ) : (
                        <div className={cn('flex h-full min-h-14 flex-col rounded-lg px-2 py-1.5', cell && 'bg-primary-50')}>
                          <CellText cell={cell} emptyText="—" />
                          {/* a plain div cannot carry a name (axe: aria-prohibited-attr): the word is read instead */}
                          {cell ? null : <span className="sr-only">Free</span>}
                        </div>
                      )}
                    </td>
                  );
                })}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

function CellText({ cell, emptyText }: { cell: GridCell | undefined; emptyText: string }) {
  if (!cell) {
    return (
      <span aria-hidden="true" className="text-xs text-slate-500 print:hidden">
        {emptyText}
      </span>
    );
  }
  return (
    <>
      <span className="line-clamp-2 text-sm leading-snug font-semibold text-primary">{cell.primary}</span>
      {/* the space keeps the words apart in the text read from the cell, which the slot's name contains (axe: label-content-name-mismatch) */}
      {cell.secondary ? ' ' : null}
      {cell.secondary ? <span className="mt-0.5 line-clamp-2 text-xs leading-snug text-slate-600">{cell.secondary}</span> : null}
    </>
  );
}

import type { Register } from '@school/shared/attendance/responses';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@school/shared/attendance/schemas';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/format';

const TONE: Record<AttendanceStatus, string> = {
  Present: 'border-green-700 bg-green-700 text-white',
  Absent: 'border-amber-500 bg-amber-500 text-slate-950',
  Late: 'border-sky-700 bg-sky-700 text-white',
  Excused: 'border-slate-600 bg-slate-600 text-white',
};

/**
 * Arrow keys move the choice within a student's row as native radio buttons do (wrapping round),
 * so each student is one Tab stop however many choices there are.
 */
function statusAfterKey(current: AttendanceStatus, key: string): AttendanceStatus | null {
  const index = ATTENDANCE_STATUSES.indexOf(current);
  const last = ATTENDANCE_STATUSES.length - 1;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return ATTENDANCE_STATUSES[index === last ? 0 : index + 1];
    case 'ArrowLeft':
    case 'ArrowUp':
      return ATTENDANCE_STATUSES[index === 0 ? last : index - 1];
    case 'Home':
      return ATTENDANCE_STATUSES[0];
    case 'End':
      return ATTENDANCE_STATUSES[last];
    default:
      return null;
  }
}

/** Marks saved on this device and not on the server yet (issue 21): shown instead of the server's. */
export interface PendingMarks {
  entries: Array<{ studentId: string; status: string }>;
  /** waiting: to be sent; conflict: saved by someone else meanwhile; refused: the server said no. */
  status: 'waiting' | 'conflict' | 'refused';
}

export interface RegisterEditorProps {
  register: Register;
  pending?: PendingMarks | null;
  saving?: boolean;
  onSave: (entries: Array<{ studentId: string; status: AttendanceStatus }>) => void;
  /** Told whether the marks on screen differ from the register's (to warn before leaving them). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The register of one class and day: everyone starts as saved (or Present), the teacher taps the
 * exceptions, and saves the whole register at once. Each row's four choices are large buttons
 * (44 px high) so that a phone works well, in a radio group with one Tab stop per student.
 */
export function RegisterEditor({ register, pending = null, saving = false, onSave, onDirtyChange }: RegisterEditorProps) {
  const initial = useMemo(() => {
    const marks = Object.fromEntries(register.rows.map((r) => [r.studentId, r.status])) as Record<string, AttendanceStatus>;
    for (const e of pending?.entries ?? []) if (e.studentId in marks) marks[e.studentId] = e.status as AttendanceStatus;
    return marks;
  }, [register, pending]);
  const [marks, setMarks] = useState(initial);
  const dirty = register.rows.some((r) => marks[r.studentId] !== initial[r.studentId]);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const counts = useMemo(() => {
    const c = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as Record<AttendanceStatus, number>;
    for (const r of register.rows) c[marks[r.studentId] ?? 'Present']++;
    return c;
  }, [marks, register.rows]);

  if (register.rows.length === 0) {
    return <p className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-600">No students are enrolled in {register.className} yet.</p>;
  }

  return (
    <form
      aria-label={`Register of ${register.className} on ${formatDate(register.date)}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(register.rows.map((r) => ({ studentId: r.studentId, status: marks[r.studentId] ?? 'Present' })));
      }}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          {pending ? (
            <span className="font-semibold text-amber-800">
              {pending.status === 'waiting'
                ? 'Saved on this device: waiting to sync'
                : pending.status === 'conflict'
                  ? 'Saved on this device, and by someone else meanwhile: review to choose'
                  : 'Saved on this device, refused by the server: review'}
            </span>
          ) : register.saved ? (
            <>
              <span className="font-semibold text-green-800">Saved</span>
              {register.takenBy ? ` by ${register.takenBy}` : ''}
              {register.updatedAt ? `, ${formatDateTime(register.updatedAt)}` : ''}
            </>
          ) : (
            <span className="font-semibold text-amber-800">Not taken yet: everyone is shown Present</span>
          )}
        </p>
        <Button type="button" variant="gray" size="sm" onClick={() => setMarks(Object.fromEntries(register.rows.map((r) => [r.studentId, 'Present'])))}>
          Mark all present
        </Button>
      </div>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {register.rows.map((row, index) => {
          const current = marks[row.studentId] ?? 'Present';
          return (
            <li key={row.studentId} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate font-semibold text-slate-900">
                  <span className="mr-2 text-sm font-normal text-slate-500">{index + 1}.</span>
                  {row.name}
                </p>
                <p className="text-xs text-slate-500">{row.registrationNo}</p>
              </div>
              <div
                role="radiogroup"
                aria-label={`${row.name}: attendance`}
                className="grid grid-cols-4 gap-1.5 sm:w-[26rem]"
                onKeyDown={(event) => {
                  const next = statusAfterKey(current, event.key);
                  if (!next) return;
                  event.preventDefault();
                  setMarks((m) => ({ ...m, [row.studentId]: next }));
                  event.currentTarget.querySelector<HTMLElement>(`[data-status="${next}"]`)?.focus();
                }}
              >
                {ATTENDANCE_STATUSES.map((status) => {
                  const checked = current === status;
                  return (
                    <button
                      key={status}
                      type="button"
                      role="radio"
                      aria-checked={checked}
                      aria-label={`Mark ${row.name} ${status}`}
                      data-status={status}
                      tabIndex={checked ? 0 : -1}
                      onClick={() => setMarks((m) => ({ ...m, [row.studentId]: status }))}
                      className={cn(
                        'min-h-11 rounded-lg border px-1 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary',
                        checked ? TONE[status] : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                      )}
                    >
                      {status}
                    </button>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="sticky bottom-0 z-10 -mx-1 mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-1 py-3 backdrop-blur">
        <p className="text-sm text-slate-700">
          Present {counts.Present} · Absent {counts.Absent} · Late {counts.Late} · Excused {counts.Excused}
        </p>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          loading={saving}
          disabled={saving || ((register.saved || pending !== null) && !dirty)}
          className="min-h-11"
        >
          {register.saved || pending ? 'Save changes' : 'Save register'}
        </Button>
      </div>
    </form>
  );
}

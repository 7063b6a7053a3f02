import { useId } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useAttendanceSettings, useSaveAttendanceSettings } from '../api/attendance-settings';

/** admin/settings: whether guardians get a message when their child is marked Absent. */
export function AttendanceSettingsSection() {
  const headingId = useId();
  const switchId = useId();
  const settings = useAttendanceSettings();
  const save = useSaveAttendanceSettings();
  const on = settings.data?.absenceNotices ?? true;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 md:p-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Attendance
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">When a student is marked Absent, their guardians get an e-mail (at most one a day per student).</p>
      {settings.isError ? (
        <LoadError error={settings.error} className="mt-3">
          We could not load the attendance settings. {settings.error.message}
        </LoadError>
      ) : (
        <div className="mt-4 flex items-center gap-3">
          <button
            id={switchId}
            type="button"
            role="switch"
            aria-checked={on}
            disabled={settings.isPending || save.isPending}
            onClick={() =>
              save.mutate(
                { absenceNotices: !on },
                {
                  onSuccess: (next) => toast.success(next.absenceNotices ? 'Absence notices turned on' : 'Absence notices turned off'),
                  onError: (error) => toast.error(error.message),
                },
              )
            }
            className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-tertiary disabled:opacity-60 ${on ? 'bg-secondary' : 'bg-slate-300'}`}
          >
            <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`} />
            <span className="sr-only">Send absence notices to guardians</span>
          </button>
          <label htmlFor={switchId} className="text-sm font-medium text-slate-800">
            Send absence notices to guardians: {on ? 'On' : 'Off'}
          </label>
          {settings.isPending || save.isPending ? <Spinner size="sm" /> : null}
        </div>
      )}
    </section>
  );
}

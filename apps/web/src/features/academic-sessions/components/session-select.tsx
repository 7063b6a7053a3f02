import { useId } from 'react';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { currentAcademicSession, useAcademicSessions } from '../api/get-academic-sessions';
import { useSelectAcademicSession } from '../api/select-academic-session';

/** The top bar's session dropdown. */
export function SessionSelect({ className }: { className?: string }) {
  const id = useId();
  const sessions = useAcademicSessions();
  const select = useSelectAcademicSession();
  const current = currentAcademicSession(sessions.data);
  const items = sessions.data?.items ?? [];

  return (
    <div className={cn('flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        Academic session
      </label>
      <select
        id={id}
        value={current?.id ?? ''}
        disabled={sessions.isPending || select.isPending || items.length === 0}
        onChange={(event) => {
          select.mutate(event.target.value, {
            onError: (error) => toast.error(error.message || 'Could not switch the session'),
          });
        }}
        className="h-10 w-auto max-w-full min-w-[7.5rem] rounded-lg border border-slate-300 bg-white pr-8 pl-3 text-sm font-medium text-slate-800 hover:border-slate-400 disabled:bg-slate-100 disabled:text-slate-500"
      >
        {sessions.isPending ? <option value="">Loading…</option> : null}
        {sessions.isError ? <option value="">Sessions unavailable</option> : null}
        {!sessions.isPending && !sessions.isError && items.length === 0 ? <option value="">No sessions</option> : null}
        {items.map((session) => (
          <option key={session.id} value={session.id}>
            {session.name}
            {session.status === 'Active' ? ' (Active)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

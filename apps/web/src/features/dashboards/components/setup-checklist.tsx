import { SETUP_STEP_LABELS, type SetupStep } from '@school/shared/dashboards/types';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { isForbidden } from '@/components/ui/no-access';
import { Spinner } from '@/components/ui/spinner';
import { useStoredBoolean } from '@/hooks/use-stored-boolean';
import { cn } from '@/lib/cn';
import { useSetupChecklist } from '../api/get-setup';

/** Where each step is done: an administrator's screens, or an owner's (a step without a screen of theirs has none). */
export type SetupLinks = Partial<Record<SetupStep, string>>;

export const ADMIN_SETUP_LINKS: SetupLinks = {
  sessions: '/admin/settings',
  // the add pages hold the bulk forms (several arms at once, the subject catalogue)
  classes: '/admin/academics/add-class',
  subjects: '/admin/academics/add-subject',
  // every class's teachers at once, from the session's own template
  subjectTeachers: '/admin/academics/import-subject-teachers',
  staff: '/admin/academics/import-staff',
  students: '/admin/admissions/import',
  fees: '/admin/finance?tab=fee-items',
  grading: '/admin/settings',
  reportCard: '/admin/settings',
};

const HINTS: Record<SetupStep, string> = {
  sessions: 'An Active session with its three terms and the current term',
  classes: 'At least one class this session',
  subjects: 'Subjects given to the classes',
  subjectTeachers: 'A teacher for every subject of every class',
  staff: 'Teachers and other staff',
  students: 'Students enrolled in the classes',
  fees: 'Fee items of the current term',
  grading: 'Score maxima, grading scale or approval steps',
  reportCard: 'The school logo, or a report card printed',
};

export interface SetupChecklistProps {
  /** The school whose steps are shown (kept per school when hidden). */
  schoolId: string;
  /** An owner names the school; an administrator's is their own. */
  asOwner?: boolean;
  /** The heading: "Set up your school", or the school's name on the owner's dashboard. */
  title?: string;
  links: SetupLinks;
  /** A smaller card (the owner's dashboard shows one per school). */
  compact?: boolean;
  /**
   * Opens a step's screen some other way than a plain link: the owner's dashboard first runs the
   * school as its administrator (ADR 0038). Steps are then buttons.
   */
  onOpenStep?: (to: string) => void;
  /** Beside the heading (the owner's "Run this school"). */
  action?: ReactNode;
}

/**
 * The set-up checklist: each step ticks itself once the school has done it (the server decides) and
 * links to its screen. Hidden once every step is done, or when dismissed (remembered in this browser),
 * with a "Show set-up steps" link to bring it back.
 */
export function SetupChecklist({ schoolId, asOwner = false, title = 'Set up your school', links, compact = false, onOpenStep, action }: SetupChecklistProps) {
  const headingId = useId();
  const listId = useId();
  const checklist = useSetupChecklist(asOwner ? schoolId : null);
  const [dismissed, setDismissed] = useStoredBoolean(`setup-checklist-hidden:${schoolId}`, false);
  const [shown, setShown] = useState(false);

  if (checklist.isPending) {
    return (
      <p role="status" className={cn('flex items-center gap-2 text-sm text-slate-600', compact ? 'py-2' : 'mb-6')}>
        <Spinner size="sm" /> Loading the set-up steps…
      </p>
    );
  }
  // a role whose permissions leave out the steps' areas: the dashboard goes without the checklist
  if (isForbidden(checklist.error)) return null;
  if (checklist.isError) {
    return (
      <p role="alert" className={cn('text-sm text-red-700', compact ? 'py-2' : 'mb-6')}>
        The set-up steps could not be loaded.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void checklist.refetch()}>
          Try again
        </button>
      </p>
    );
  }

  const { steps, complete } = checklist.data;
  const doneCount = steps.filter((s) => s.done).length;
  const hidden = (complete || dismissed) && !shown;

  if (hidden) {
    const summary = (
      <p className={cn('text-sm text-slate-600', compact ? 'py-2' : 'mb-6')}>
        {compact ? <span className="font-medium text-slate-900">{title}: </span> : null}
        {complete ? 'Every set-up step is done. ' : `${doneCount} of ${steps.length} set-up steps done. `}
        <button type="button" className="font-semibold text-secondary underline-offset-2 hover:underline" onClick={() => setShown(true)}>
          Show set-up steps
        </button>
      </p>
    );
    return action ? (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-2">
        {summary}
        {action}
      </div>
    ) : (
      summary
    );
  }

  return (
    <section aria-labelledby={headingId} className={cn('rounded-xl border border-slate-200 bg-white', compact ? 'p-4' : 'mb-6 p-4 sm:p-5')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600" id={listId}>
            {doneCount} of {steps.length} steps done
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {action}
          <Button
            size="sm"
            variant="gray"
            onClick={() => {
              setShown(false);
              setDismissed(true);
            }}
          >
            Hide set-up steps
          </Button>
        </div>
      </div>
      <div
        className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-labelledby={listId}
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={doneCount}
      >
        <div className="h-full rounded-full bg-secondary" style={{ width: `${(doneCount / steps.length) * 100}%` }} />
      </div>
      <ol aria-label="Set-up steps" className={cn('mt-3 grid gap-2', compact ? 'sm:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-4')}>
        {steps.map(({ step, done }, index) => {
          const label = SETUP_STEP_LABELS[step];
          const to = links[step];
          return (
            <li key={step} className={cn('flex items-start gap-2 rounded-lg px-3 py-2', done ? 'bg-green-50' : 'bg-slate-50')}>
              {done ? (
                <CheckCircleIcon size={20} className="mt-0.5 shrink-0 text-green-700" />
              ) : (
                <span
                  aria-hidden="true"
                  className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-slate-300 text-[11px] font-semibold text-slate-600"
                >
                  {index + 1}
                </span>
              )}
              <span className="min-w-0 text-sm">
                {to && onOpenStep ? (
                  <button type="button" onClick={() => onOpenStep(to)} className="text-left font-medium text-secondary hover:underline">
                    {label}
                  </button>
                ) : to ? (
                  <Link to={to} className="font-medium text-secondary hover:underline">
                    {label}
                  </Link>
                ) : (
                  <span className="font-medium text-slate-900">{label}</span>
                )}
                <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
                {compact ? null : <span className="block text-xs text-slate-600">{HINTS[step]}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

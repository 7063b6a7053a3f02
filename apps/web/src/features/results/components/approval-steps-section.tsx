import type { ApprovalStepsInput } from '@school/shared/results/approvals';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { api, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useApprovalSteps, useSaveApprovalSteps } from '../api/approvals';

const STEPS: ReadonlyArray<{ key: keyof ApprovalStepsInput; label: string; text: string }> = [
  {
    key: 'submission',
    label: 'Subject teachers submit their score sheets',
    text: 'A submitted sheet is closed to its teacher until the class teacher returns it with a note.',
  },
  {
    key: 'review',
    label: 'The class teacher reviews the class',
    text: "The class teacher checks every subject's scores and marks the class reviewed, or returns a sheet.",
  },
  {
    key: 'approval',
    label: 'The principal approves',
    text: 'An administrator approves classes one by one, by selection or a whole level, or returns one to its class teacher.',
  },
];

const OFF: ApprovalStepsInput = { submission: false, review: false, approval: false };

/**
 * Settings → Approval steps (issue 18): which steps results go through before they may be published.
 * With none switched on, an administrator publishes directly. `chooseSchool`: the super administrator
 * picks one of the organisation's schools first.
 */
export function ApprovalStepsSection({ chooseSchool = false }: { chooseSchool?: boolean }) {
  const headingId = useId();
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const schools = useQuery({
    queryKey: ['results', 'schools'],
    queryFn: () => api.get<{ items: Array<{ id: string; name: string }> }>('/api/organisation/schools'),
    enabled: chooseSchool,
  });
  useEffect(() => {
    if (chooseSchool && !schoolId && schools.data?.items[0]) setSchoolId(schools.data.items[0].id);
  }, [chooseSchool, schoolId, schools.data]);

  const steps = useApprovalSteps(schoolId, !chooseSchool || Boolean(schoolId));
  const save = useSaveApprovalSteps(schoolId);
  const [draft, setDraft] = useState<ApprovalStepsInput>(OFF);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (steps.data) setDraft({ submission: steps.data.submission, review: steps.data.review, approval: steps.data.approval });
  }, [steps.data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await save.mutateAsync(draft);
      toast.success(draft.submission || draft.review || draft.approval ? 'Approval steps saved' : 'Approval steps switched off: results publish directly');
    } catch (err) {
      setError(isApiError(err) ? err.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 md:p-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Approval steps
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        The steps a term&apos;s results go through before they can be published. A class is ready to publish when every step switched on is done. With none on,
        results are published directly.
      </p>
      {chooseSchool ? (
        <div className="mt-4 max-w-sm">
          <SelectField
            label="School"
            value={schoolId ?? ''}
            onChange={(e) => setSchoolId(e.target.value || null)}
            options={(schools.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
            disabled={schools.isPending}
          />
        </div>
      ) : null}
      {steps.isError ? (
        <LoadError error={steps.error} className="mt-3">
          We could not load the approval steps. {steps.error.message}
        </LoadError>
      ) : steps.isPending ? (
        <div className="mt-4">
          <Spinner label="Loading" />
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
          <ul className="space-y-3">
            {STEPS.map((step) => (
              <StepSwitch
                key={step.key}
                label={step.label}
                text={step.text}
                on={draft[step.key]}
                onToggle={() => setDraft((d) => ({ ...d, [step.key]: !d[step.key] }))}
              />
            ))}
          </ul>
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save
          </Button>
        </form>
      )}
    </section>
  );
}

function StepSwitch({ label, text, on, onToggle }: { label: string; text: string; on: boolean; onToggle: () => void }) {
  const id = useId();
  return (
    <li className="flex items-start gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={`${id}-text`}
        onClick={onToggle}
        className={cn(
          'relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-tertiary',
          on ? 'bg-secondary' : 'bg-slate-300',
        )}
      >
        <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', on ? 'translate-x-6' : 'translate-x-1')} />
        <span className="sr-only">{label}</span>
      </button>
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}: {on ? 'On' : 'Off'}
        </label>
        <p id={`${id}-text`} className="text-sm text-slate-600">
          {text}
        </p>
      </div>
    </li>
  );
}

import type { SkippedItem } from '@school/shared/academics/responses';
import { bulkClassesSchema, className, splitArms } from '@school/shared/academics/schemas';
import { CLASS_LEVEL_GROUPS, CLASS_LEVELS } from '@school/shared/constants';
import { fieldErrors } from '@school/shared/validation';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useCreateClasses } from '../api/bulk-mutations';
import { errorMessage } from '../lib/apply-field-errors';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 'es'}`;

/**
 * "Add several classes": ticked levels × typed arms, all created in the session in one request,
 * without class teachers (each class's teacher is chosen later from the class list).
 */
export function BulkClassForm({ sessionName }: { sessionName: string }) {
  const headingId = useId();
  const levelsHintId = useId();
  const create = useCreateClasses();
  const [levels, setLevels] = useState<ReadonlySet<string>>(new Set());
  const [armsText, setArmsText] = useState('A');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<SkippedItem[]>([]);

  const chosenLevels = CLASS_LEVELS.filter((level) => levels.has(level));
  const arms = splitArms(armsText);
  const count = chosenLevels.length * arms.length;

  function toggle(level: string, on: boolean) {
    setLevels((current) => {
      const next = new Set(current);
      if (on) next.add(level);
      else next.delete(level);
      return next;
    });
    setErrors(({ levels: _gone, ...rest }) => rest);
  }

  function showErrors(messages: Record<string, string>) {
    const levelsError = Object.entries(messages).find(([key]) => key.startsWith('levels'))?.[1];
    const armsError = Object.entries(messages).find(([key]) => key.startsWith('arms'))?.[1];
    setErrors({ ...(levelsError ? { levels: levelsError } : {}), ...(armsError ? { arms: armsError } : {}) });
    if (!levelsError && !armsError) setFormError(Object.values(messages)[0] ?? null);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    setSkipped([]);
    const body = { levels: chosenLevels, arms };
    const parsed = bulkClassesSchema.safeParse(body);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error));
      return;
    }
    try {
      const result = await create.mutateAsync(body);
      if (result.created.length > 0) toast.success(`${plural(result.created.length, 'class')} added to ${result.session.name}`);
      setSkipped(result.skipped);
      setLevels(new Set());
      setErrors({});
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) showErrors(error.errors);
      else setFormError(errorMessage(error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId} className="space-y-5">
      <div>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Add several classes
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every arm of every level you tick is added to {sessionName}. Choose class teachers later from the class list.
        </p>
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      {skipped.length > 0 ? (
        <Alert tone="info">
          <p className="font-medium">Already there, so left as they are:</p>
          <ul className="mt-1 list-disc pl-5">
            {skipped.map((s) => (
              <li key={s.name}>{s.reason}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <fieldset aria-describedby={errors.levels ? levelsHintId : undefined} aria-invalid={errors.levels ? true : undefined}>
        <legend className="field-label field-required">Class levels</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {Object.entries(CLASS_LEVEL_GROUPS).map(([group, groupLevels]) => (
            <div key={group} role="group" aria-label={group} className="rounded-lg border border-slate-200 p-2">
              <p className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group}</p>
              {groupLevels.map((level) => (
                <label key={level} className="flex min-h-11 items-center gap-2 px-2 text-sm text-slate-900">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-secondary)]"
                    checked={levels.has(level)}
                    onChange={(event) => toggle(level, event.target.checked)}
                  />
                  {level}
                </label>
              ))}
            </div>
          ))}
        </div>
        {errors.levels ? (
          <p id={levelsHintId} className="field-error">
            {errors.levels}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="Arms"
        required
        value={armsText}
        autoComplete="off"
        hint="Separate arms with commas: A, B, C or Gold, Blue"
        error={errors.arms}
        onChange={(event) => {
          setArmsText(event.target.value);
          setErrors(({ arms: _gone, ...rest }) => rest);
        }}
      />
      {count > 0 ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          {plural(count, 'class')}:{' '}
          {chosenLevels.flatMap((level) => arms.map((arm) => className(level, arm.length === 1 ? arm.toUpperCase() : arm))).join(', ')}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={create.isPending} loadingText="Adding…">
          {count > 0 ? `Add ${plural(count, 'class')}` : 'Add classes'}
        </Button>
      </div>
    </form>
  );
}

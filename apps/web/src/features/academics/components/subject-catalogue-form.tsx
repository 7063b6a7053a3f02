import type { SkippedItem } from '@school/shared/academics/responses';
import { CATALOGUE_GROUPS, SUBJECT_CATALOGUE } from '@school/shared/academics/subject-catalogue';
import { CLASS_LEVEL_GROUPS, type ClassLevel, type ClassLevelGroup } from '@school/shared/constants';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useCreateSubjects } from '../api/bulk-mutations';
import { useClasses } from '../api/get-classes';
import { useSubjects } from '../api/get-subjects';
import { errorMessage } from '../lib/apply-field-errors';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * "Add from the catalogue": a level group's usual subjects, ticked and added in one request, and taught
 * at once in every arm of the group's levels that have classes this session (each level can be
 * unticked). Subjects the school already has show as added; the server skips (and names) any it finds
 * taken meanwhile.
 */
export function SubjectCatalogueForm() {
  const headingId = useId();
  const subjects = useSubjects();
  const classes = useClasses();
  const create = useCreateSubjects();
  const [group, setGroup] = useState<ClassLevelGroup>('JSS');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [formError, setFormError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<SkippedItem[]>([]);
  /** Levels the user unticked: every level of the group with classes is ticked at first. */
  const [notTaughtIn, setNotTaughtIn] = useState<ReadonlySet<string>>(new Set());

  const existing = new Set((subjects.data?.items ?? []).map((s) => s.name.toLowerCase()));
  const catalogue = SUBJECT_CATALOGUE[group];
  const addable = catalogue.filter((s) => !existing.has(s.name.toLowerCase()));
  const chosen = addable.filter((s) => ticked.has(s.name));
  const groupLevels: readonly ClassLevel[] = CLASS_LEVEL_GROUPS[group];
  const levelsWithClasses = groupLevels.filter((level) => (classes.data?.items ?? []).some((c) => c.level === level));
  const teachIn = levelsWithClasses.filter((level) => !notTaughtIn.has(level));

  function toggle(name: string, on: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    setSkipped([]);
    if (chosen.length === 0) {
      setFormError('Choose at least one subject');
      return;
    }
    try {
      const result = await create.mutateAsync({ subjects: chosen.map(({ name, code }) => ({ name, code })), levels: teachIn });
      if (result.created.length > 0) {
        const where = result.taught.length > 0 ? ` and taught in ${result.taught.map((t) => t.className).join(', ')}` : '';
        toast.success(`${plural(result.created.length, 'subject')} added${where}`);
      }
      setSkipped(result.skipped);
      setTicked(new Set());
    } catch (error) {
      setFormError(errorMessage(error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Add from the catalogue
        </h2>
        <p className="mt-1 text-sm text-slate-600">The usual subjects of the national curriculum. Tick the ones your school teaches and add them at once.</p>
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      {skipped.length > 0 ? (
        <Alert tone="info">
          <p className="font-medium">Skipped {plural(skipped.length, 'subject')}:</p>
          <ul className="mt-1 list-disc pl-5">
            {skipped.map((s) => (
              <li key={s.name}>{s.reason}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <SelectField
        label="Level group"
        className="max-w-xs"
        value={group}
        onChange={(event) => {
          setGroup(event.target.value as ClassLevelGroup);
          setTicked(new Set());
        }}
        options={CATALOGUE_GROUPS}
      />
      {subjects.isPending || classes.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner size="sm" /> Loading your subjects…
        </p>
      ) : subjects.isError ? (
        <LoadError error={subjects.error}>Your subjects could not be loaded. {subjects.error.message}</LoadError>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Button size="sm" variant="gray" disabled={addable.length === 0} onClick={() => setTicked(new Set(addable.map((s) => s.name)))}>
              Tick all
            </Button>
            <Button size="sm" variant="gray" disabled={chosen.length === 0} onClick={() => setTicked(new Set())}>
              Clear
            </Button>
            <span className="text-slate-600">
              {addable.length === 0 ? `Every ${group} subject of the catalogue is added.` : `${chosen.length} of ${addable.length} not yet added chosen`}
            </span>
          </div>
          <ul className="grid gap-x-4 rounded-lg border border-slate-200 p-2 sm:grid-cols-2">
            {catalogue.map((subject) => {
              const added = existing.has(subject.name.toLowerCase());
              return (
                <li key={subject.name}>
                  <label className="flex min-h-11 items-center gap-2 rounded px-2 text-sm text-slate-900">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-[var(--color-secondary)]"
                      checked={added || ticked.has(subject.name)}
                      disabled={added}
                      onChange={(event) => toggle(subject.name, event.target.checked)}
                    />
                    <span className={added ? 'text-slate-500' : undefined}>
                      {subject.name} <span className="text-slate-500">({subject.code})</span>
                    </span>
                    {added ? <span className="ml-auto rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800">Added</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
          {levelsWithClasses.length > 0 ? (
            <fieldset className="rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-900">Teach them in every arm of</legend>
              <div className="flex flex-wrap gap-x-4">
                {levelsWithClasses.map((level) => (
                  <label key={level} className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
                    <input
                      type="checkbox"
                      className="size-4 accent-[var(--color-secondary)]"
                      checked={!notTaughtIn.has(level)}
                      onChange={(event) =>
                        setNotTaughtIn((current) => {
                          const next = new Set(current);
                          if (event.target.checked) next.delete(level);
                          else next.add(level);
                          return next;
                        })
                      }
                    />
                    {level}
                  </label>
                ))}
              </div>
              <p className="mt-1 text-xs text-slate-600">
                Subject teachers can be chosen later, on each subject or for every class at once from a spreadsheet (Import subject teachers).
              </p>
            </fieldset>
          ) : (
            <p className="text-sm text-slate-600">Create the {group} classes first to have these subjects taught in them at once.</p>
          )}
          <div className="flex justify-end">
            <Button type="submit" variant="primary" loading={create.isPending} loadingText="Adding…">
              {chosen.length > 0 ? `Add ${plural(chosen.length, 'subject')}` : 'Add subjects'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

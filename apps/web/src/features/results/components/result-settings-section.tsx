import { DEFAULT_RESULT_SETTINGS, resultSettingsSchema, WAEC_GRADING_SCALE, type ResultSettingsInput } from '@school/shared/results/settings';
import { COMPONENT_LABELS, SCORE_COMPONENTS } from '@school/shared/results/types';
import type { GradeBand, ResultSettingsView } from '@school/shared/results/responses';
import { validate } from '@school/shared/validation';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { api, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useResultSettings, useSaveResultSettings } from '../api/result-settings';

/** The form's text state: numbers are typed as text and checked with the shared schema on save. */
interface Draft {
  maxima: Record<(typeof SCORE_COMPONENTS)[number], string>;
  gradingScale: Array<Record<keyof GradeBand, string>>;
  passMark: string;
  requirePin: boolean;
}

function draftOf(settings: Pick<ResultSettingsView, 'maxima' | 'gradingScale' | 'passMark' | 'requirePin'>): Draft {
  return {
    maxima: Object.fromEntries(SCORE_COMPONENTS.map((c) => [c, String(settings.maxima[c])])) as Draft['maxima'],
    gradingScale: settings.gradingScale.map((b) => ({ min: String(b.min), max: String(b.max), grade: b.grade, point: String(b.point), remark: b.remark })),
    passMark: String(settings.passMark),
    requirePin: settings.requirePin,
  };
}

const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

function inputOf(draft: Draft): unknown {
  return {
    maxima: Object.fromEntries(SCORE_COMPONENTS.map((c) => [c, toNumber(draft.maxima[c])])),
    gradingScale: draft.gradingScale.map((b) => ({ min: toNumber(b.min), max: toNumber(b.max), grade: b.grade, point: toNumber(b.point), remark: b.remark })),
    passMark: toNumber(draft.passMark),
    requirePin: draft.requirePin,
  };
}

const cell = 'h-9 w-full rounded-md border border-slate-300 px-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30';

/**
 * Settings → Results: component maxima (adding up to 100), the grading scale (covering 0–100
 * without gaps or overlaps), the pass mark and whether a result-checker PIN is needed.
 * `chooseSchool`: the super administrator picks one of the organisation's schools first.
 */
export function ResultSettingsSection({ chooseSchool = false }: { chooseSchool?: boolean }) {
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

  const settings = useResultSettings(schoolId, !chooseSchool || Boolean(schoolId));
  const save = useSaveResultSettings(schoolId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (settings.data) {
      setDraft(draftOf(settings.data));
      setErrors({});
    }
  }, [settings.data]);

  const setBand = (index: number, key: keyof GradeBand, value: string) =>
    setDraft((d) => d && { ...d, gradingScale: d.gradingScale.map((b, i) => (i === index ? { ...b, [key]: value } : b)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const result = validate(resultSettingsSchema, inputOf(draft));
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(result.data as ResultSettingsInput);
      toast.success('Result settings saved');
    } catch (error) {
      if (isApiError(error) && error.status === 400 && Object.keys(error.errors).length) setErrors(error.errors);
      else toast.error(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
    }
  };

  const bandError = (index: number) => (['min', 'max', 'grade', 'point', 'remark'] as const).map((k) => errors[`gradingScale.${index}.${k}`]).find(Boolean);
  const total = draft ? SCORE_COMPONENTS.reduce((s, c) => s + (Number(draft.maxima[c]) || 0), 0) : 0;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 md:p-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Results
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        The most each score can be, the grading scale used to grade totals, and the pass mark. Totals are graded with the scale in force when they are shown: a
        change here applies to every term not yet published, and to a published term when it is republished.
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

      {settings.isError ? (
        <LoadError error={settings.error} className="mt-3">
          We could not load the result settings. {settings.error.message}
        </LoadError>
      ) : !draft || settings.isPending ? (
        <div className="mt-4">
          <Spinner label="Loading result settings" />
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-6">
          <fieldset className="min-w-0">
            <legend className="text-sm font-semibold text-slate-800">Maximum scores</legend>
            <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {SCORE_COMPONENTS.map((c) => (
                <label key={c} className="block text-sm">
                  <span className="field-label">{COMPONENT_LABELS[c]}</span>
                  <input
                    className="field-input"
                    inputMode="numeric"
                    value={draft.maxima[c]}
                    aria-invalid={errors[`maxima.${c}`] || errors.maxima ? true : undefined}
                    onChange={(e) => setDraft({ ...draft, maxima: { ...draft.maxima, [c]: e.target.value } })}
                  />
                  {errors[`maxima.${c}`] ? <span className="field-error">{errors[`maxima.${c}`]}</span> : null}
                </label>
              ))}
            </div>
            <p className={cn('mt-2 text-sm', total === 100 ? 'text-slate-600' : 'font-medium text-red-700')}>
              Together: {total} of 100{errors.maxima ? ` — ${errors.maxima}` : ''}
            </p>
          </fieldset>

          <fieldset className="min-w-0">
            <legend className="text-sm font-semibold text-slate-800">Grading scale</legend>
            <div className="relative mt-2 overflow-x-auto">
              <table className="w-full min-w-[36rem] text-sm">
                <thead className="text-left text-xs font-semibold text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="py-1.5 pr-2">
                      From
                    </th>
                    <th scope="col" className="py-1.5 pr-2">
                      To
                    </th>
                    <th scope="col" className="py-1.5 pr-2">
                      Grade
                    </th>
                    <th scope="col" className="py-1.5 pr-2">
                      Point
                    </th>
                    <th scope="col" className="py-1.5 pr-2">
                      Remark
                    </th>
                    <th scope="col" className="py-1.5">
                      <span className="sr-only">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {draft.gradingScale.map((band, i) => (
                    <tr key={i}>
                      {(['min', 'max', 'grade', 'point', 'remark'] as const).map((key) => (
                        <td key={key} className={cn('py-1 pr-2', key === 'remark' ? 'w-2/5' : 'w-20')}>
                          <input
                            className={cn(cell, errors[`gradingScale.${i}.${key}`] && 'border-red-500 bg-red-50')}
                            aria-label={`${{ min: 'From', max: 'To', grade: 'Grade', point: 'Point', remark: 'Remark' }[key]}, row ${i + 1}`}
                            inputMode={key === 'grade' || key === 'remark' ? undefined : 'decimal'}
                            value={band[key]}
                            onChange={(e) => setBand(i, key, e.target.value)}
                          />
                        </td>
                      ))}
                      <td className="py-1">
                        <Button
                          type="button"
                          variant="transparent"
                          size="sm"
                          aria-label={`Remove grade ${band.grade || i + 1}`}
                          onClick={() => setDraft({ ...draft, gradingScale: draft.gradingScale.filter((_, j) => j !== i) })}
                        >
                          Remove
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {draft.gradingScale.map((_, i) => bandError(i) && <p key={i} className="field-error">{`Row ${i + 1}: ${bandError(i)}`}</p>)}
            {errors.gradingScale ? (
              <p role="alert" className="field-error">
                {errors.gradingScale}
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                type="button"
                variant="gray"
                size="sm"
                onClick={() => setDraft({ ...draft, gradingScale: [...draft.gradingScale, { min: '', max: '', grade: '', point: '', remark: '' }] })}
              >
                Add a grade
              </Button>
              <Button type="button" variant="gray" size="sm" onClick={() => setDraft(draftOf({ ...DEFAULT_RESULT_SETTINGS, requirePin: draft.requirePin }))}>
                Restore the default scale
              </Button>
              <Button
                type="button"
                variant="gray"
                size="sm"
                onClick={() => setDraft({ ...draft, gradingScale: draftOf({ ...DEFAULT_RESULT_SETTINGS, gradingScale: WAEC_GRADING_SCALE }).gradingScale })}
              >
                Use the WAEC scale (A1–F9)
              </Button>
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <label className="block text-sm">
              <span className="field-label">Pass mark</span>
              <input
                className="field-input max-w-32"
                inputMode="numeric"
                value={draft.passMark}
                aria-invalid={errors.passMark ? true : undefined}
                onChange={(e) => setDraft({ ...draft, passMark: e.target.value })}
              />
              {errors.passMark ? <span className="field-error">{errors.passMark}</span> : null}
            </label>
            <label className="flex items-start gap-2.5 text-sm sm:pt-7">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={draft.requirePin}
                onChange={(e) => setDraft({ ...draft, requirePin: e.target.checked })}
              />
              <span>
                <span className="font-medium text-slate-900">Students need a result-checker PIN</span>
                <span className="block text-slate-600">Students and parents enter a PIN before they can open a term's results.</span>
              </span>
            </label>
          </div>

          <Button type="submit" variant="primary" loading={save.isPending} loadingText="Saving…">
            Save result settings
          </Button>
        </form>
      )}
    </section>
  );
}

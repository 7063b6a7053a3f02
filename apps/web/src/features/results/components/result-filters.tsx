import { resultFilterSchema } from '@school/shared/results/schemas';
import type { ResultOptions } from '@school/shared/results/responses';
import { validate } from '@school/shared/validation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';

export interface ResultPlace {
  termId: string;
  classId: string;
  subjectId: string;
}

export interface ResultFiltersProps {
  options: ResultOptions | undefined;
  initial?: Partial<ResultPlace>;
  /** Without the subject: a class's whole term (broadsheet, grades). */
  withSubject?: boolean;
  submitLabel: string;
  onSubmit: (place: ResultPlace) => void;
}

/**
 * Term, class and (optionally) subject, each required with the spec's message
 * ('Please Select a Term', 'Please Select a Class', 'Please Select a subject'). A teacher's lists
 * hold only the classes and subjects they teach; the subjects follow the chosen class.
 */
export function ResultFilters({ options, initial, withSubject = true, submitLabel, onSubmit }: ResultFiltersProps) {
  const [value, setValue] = useState<ResultPlace>({
    // the current term is chosen to start with (the parent renders this once the options are loaded)
    termId: initial?.termId ?? options?.terms.find((t) => t.isCurrent)?.id ?? '',
    classId: initial?.classId ?? '',
    subjectId: initial?.subjectId ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const termId = value.termId;
  const subjects = (options?.subjects ?? []).filter(
    (s) => !value.classId || (options?.classSubjects ?? []).some((p) => p.classId === value.classId && p.subjectId === s.id),
  );

  const set = (key: keyof ResultPlace) => (event: { target: { value: string } }) => {
    const next = { ...value, termId, [key]: event.target.value };
    if (key === 'classId' && next.subjectId && !(options?.classSubjects ?? []).some((p) => p.classId === next.classId && p.subjectId === next.subjectId)) {
      next.subjectId = '';
    }
    setValue(next);
    setErrors((current) => ({ ...current, [key === 'termId' ? 'term' : key === 'classId' ? 'class' : 'subject']: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(resultFilterSchema, { term: termId, class: value.classId, subject: withSubject ? value.subjectId : 'all' });
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit({ ...value, termId });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mb-5 grid grid-cols-1 items-start gap-3 sm:grid-cols-2 lg:grid-cols-4 print:hidden"
      aria-label="Choose the results"
    >
      <SelectField
        label="Term"
        value={termId}
        onChange={set('termId')}
        error={errors.term || undefined}
        placeholder="Select a term"
        options={(options?.terms ?? []).map((t) => ({ value: t.id, label: `${t.name} term` }))}
      />
      <SelectField
        label="Class"
        value={value.classId}
        onChange={set('classId')}
        error={errors.class || undefined}
        placeholder="Select a class"
        options={(options?.classes ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      {withSubject ? (
        <SelectField
          label="Subject"
          value={value.subjectId}
          onChange={set('subjectId')}
          error={errors.subject || undefined}
          placeholder="Select a subject"
          options={subjects.map((s) => ({ value: s.id, label: s.name }))}
        />
      ) : null}
      <div className="sm:pt-6">
        <Button type="submit" variant="primary" fullWidth>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

import { CLASS_REQUIRED, TERM_REQUIRED } from '@school/shared/ratings/constants';
import type { RatingOptions } from '@school/shared/ratings/responses';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import type { RatingPlace } from '../api/ratings';

export interface RatingFiltersProps {
  options: RatingOptions | undefined;
  initial?: RatingPlace;
  onSubmit: (place: RatingPlace) => void;
}

/** Term and class, each required ('Please Select a Term', 'Please Select a Class'); the current term is chosen to start with. */
export function RatingFilters({ options, initial, onSubmit }: RatingFiltersProps) {
  const [value, setValue] = useState<RatingPlace>({
    termId: initial?.termId ?? options?.terms.find((t) => t.isCurrent)?.id ?? '',
    classId: initial?.classId ?? (options?.classes.length === 1 ? options.classes[0].id : ''),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof RatingPlace, string>>>({});

  const set = (key: keyof RatingPlace) => (event: { target: { value: string } }) => {
    setValue((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { termId: value.termId ? undefined : TERM_REQUIRED, classId: value.classId ? undefined : CLASS_REQUIRED };
    if (found.termId || found.classId) {
      setErrors(found);
      return;
    }
    onSubmit(value);
  };

  return (
    <form noValidate onSubmit={submit} className="mb-5 grid grid-cols-1 items-start gap-3 sm:grid-cols-3" aria-label="Choose the class">
      <SelectField
        label="Term"
        value={value.termId}
        onChange={set('termId')}
        error={errors.termId}
        placeholder="Select a term"
        options={(options?.terms ?? []).map((t) => ({ value: t.id, label: `${t.name} term` }))}
      />
      <SelectField
        label="Class"
        value={value.classId}
        onChange={set('classId')}
        error={errors.classId}
        placeholder="Select a class"
        options={(options?.classes ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      <div className="sm:pt-6">
        <Button type="submit" variant="primary" fullWidth>
          Show ratings
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { SessionResponse } from '@school/shared/academics/responses';
import { sessionYears, termDatesOutsideSession, updateTermsSchema, type UpdateTermsInput, type UpdateTermsValues } from '@school/shared/academics/schemas';
import { TERMS } from '@school/shared/constants';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useUpdateTerms } from '../api/session-mutations';
import { applyFieldErrors } from '../lib/apply-field-errors';

export interface TermsFormProps {
  session: SessionResponse;
  schoolId: string | null;
  onDone: () => void;
}

const FIELDS = TERMS.flatMap((_, index) => [`terms.${index}.startDate`, `terms.${index}.endDate`]) as Array<Path<UpdateTermsInput>>;

/** The start and end dates of a session's First, Second and Third terms. */
export function TermsForm({ session, schoolId, onDone }: TermsFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateTerms();
  const years = sessionYears(session.name);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UpdateTermsInput, unknown, UpdateTermsValues>({
    resolver: zodResolver(updateTermsSchema),
    defaultValues: {
      terms: TERMS.map((name) => {
        const term = session.terms.find((t) => t.name === name);
        return { name, startDate: term?.startDate ?? '', endDate: term?.endDate ?? '' };
      }),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const outside = Object.entries(termDatesOutsideSession(session.name, values.terms));
    if (outside.length > 0) {
      outside.forEach(([field, message], index) => setError(field as Path<UpdateTermsInput>, { message }, { shouldFocus: index === 0 }));
      return;
    }
    try {
      await update.mutateAsync({ ...values, id: session.id, schoolId });
      toast.success(`Term dates of ${session.name} saved`);
      onDone();
    } catch (error) {
      setFormError(applyFieldErrors(error, setError, FIELDS));
    }
  });

  return (
    <form id={`terms-${session.id}`} onSubmit={onSubmit} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <p className="text-sm text-slate-600">
        Each term ends after it starts and begins after the previous one ends
        {years ? `, all within ${years.first} and ${years.second}` : ''}.
      </p>
      {TERMS.map((name, index) => (
        <fieldset key={name} className="rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{name} term</legend>
          <input type="hidden" {...register(`terms.${index}.name`)} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField type="date" label={`${name} term starts`} error={errors.terms?.[index]?.startDate?.message} {...register(`terms.${index}.startDate`)} />
            <TextField type="date" label={`${name} term ends`} error={errors.terms?.[index]?.endDate?.message} {...register(`terms.${index}.endDate`)} />
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="gray" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={update.isPending} loadingText="Saving…">
          Save term dates
        </Button>
      </div>
    </form>
  );
}

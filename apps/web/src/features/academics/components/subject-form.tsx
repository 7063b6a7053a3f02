import { zodResolver } from '@hookform/resolvers/zod';
import { subjectSchema, SUBJECT_CODE_MAX_LENGTH, type SubjectInput } from '@school/shared/academics/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RequiredNote } from '@/components/ui/required-note';
import { TextField } from '@/components/ui/text-field';
import { applyFieldErrors } from '../lib/apply-field-errors';

export const EMPTY_SUBJECT: SubjectInput = { name: '', code: '' };

export interface SubjectFormProps {
  defaultValues?: SubjectInput;
  submitLabel: string;
  onSubmit: (values: SubjectInput) => Promise<unknown>;
  onCancel?: () => void;
  resetAfterSubmit?: boolean;
}

/** A subject's name and short code, each unique in the school. */
export function SubjectForm({ defaultValues = EMPTY_SUBJECT, submitLabel, onSubmit, onCancel, resetAfterSubmit = false }: SubjectFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SubjectInput>({ resolver: zodResolver(subjectSchema), defaultValues });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
      if (resetAfterSubmit) reset(EMPTY_SUBJECT);
    } catch (error) {
      setFormError(applyFieldErrors(error, setError, ['name', 'code']));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField label="Subject name" required placeholder="Mathematics" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Subject code"
          required
          placeholder="MTH"
          hint={`Up to ${SUBJECT_CODE_MAX_LENGTH} letters or numbers`}
          autoComplete="off"
          error={errors.code?.message}
          {...register('code')}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="gray" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { StudentDetail } from '@school/shared/students/responses';
import { studentOwnProfileSchema, type StudentOwnProfileInput, type StudentOwnProfileValues } from '@school/shared/students/schemas';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { applyServerErrors } from '@/lib/form-errors';

export interface AddressFormProps {
  defaultValues: StudentOwnProfileInput;
  onSave: (values: StudentOwnProfileValues) => Promise<StudentDetail>;
  onSaved: (student: StudentDetail) => void;
  onCancel?: () => void;
}

/** student/profile/edit-profile/{id}: what a student may change themselves — the address. */
export function AddressForm({ defaultValues, onSave, onSaved, onCancel }: AddressFormProps) {
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StudentOwnProfileInput, unknown, StudentOwnProfileValues>({ resolver: zodResolver(studentOwnProfileSchema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSaved(await onSave(values));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['address']));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {formError ? <Alert>{formError}</Alert> : null}
      <div>
        <label htmlFor={`${id}-address`} className="field-label field-required">
          Address
        </label>
        <textarea
          id={`${id}-address`}
          rows={3}
          className="field-input"
          aria-invalid={errors.address ? true : undefined}
          aria-required
          aria-describedby={errors.address ? `${id}-address-error` : `${id}-address-hint`}
          {...register('address')}
        />
        {errors.address ? (
          <p id={`${id}-address-error`} className="field-error">
            {errors.address.message}
          </p>
        ) : (
          <p id={`${id}-address-hint`} className="mt-1.5 text-xs text-slate-500">
            Your name, date of birth and other details are kept by the school office; ask them to correct anything else.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
          Save changes
        </Button>
        {onCancel ? (
          <Button type="button" variant="gray" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { NIGERIAN_STATES, SCHOOL_TYPES } from '@school/shared/constants';
import type { OrganisationSchool } from '@school/shared/organisations/responses';
import { addSchoolSchema, type AddSchoolInput } from '@school/shared/organisations/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { applyAnswerErrors } from '../lib/apply-answer-errors';
import { useAddSchool } from '../api/school-mutations';
import { SelectField } from '@/components/ui/select-field';

const FIELDS = ['name', 'address', 'city', 'state', 'email', 'phone', 'schoolType'] as const;
type FormValues = z.input<typeof addSchoolSchema>;
const EMPTY: FormValues = { name: '', address: '', city: '', state: '', email: '', phone: '', schoolType: '' };

export interface AddSchoolFormProps {
  /** The form's id, for a submit button outside it (a dialog's footer). */
  id: string;
  onAdded: (school: OrganisationSchool) => void;
  onPendingChange?: (pending: boolean) => void;
}

/** Add a school to the organisation: the same details as at registration. */
export function AddSchoolForm({ id, onAdded, onPendingChange }: AddSchoolFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const addSchool = useAddSchool();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, AddSchoolInput>({ resolver: zodResolver(addSchoolSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    onPendingChange?.(true);
    try {
      onAdded(await addSchool.mutateAsync(values));
    } catch (error) {
      setFormError(applyAnswerErrors(error, setError, FIELDS));
    } finally {
      onPendingChange?.(false);
    }
  });

  return (
    <form id={id} onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField label="School name" error={errors.name?.message} {...register('name')} data-autofocus />
      <TextField label="School address" error={errors.address?.message} {...register('address')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City" error={errors.city?.message} {...register('city')} />
        <SelectField label="State" placeholder="Select a state" options={NIGERIAN_STATES} error={errors.state?.message} {...register('state')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="School email" type="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Phone number" type="tel" inputMode="tel" error={errors.phone?.message} {...register('phone')} />
      </div>
      <SelectField label="School type" placeholder="Select a type" options={SCHOOL_TYPES} error={errors.schoolType?.message} {...register('schoolType')} />
    </form>
  );
}

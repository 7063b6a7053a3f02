import { zodResolver } from '@hookform/resolvers/zod';
import type { SessionUser } from '@school/shared/auth/responses';
import { NIGERIAN_STATES, PASSWORD_MIN_LENGTH, SCHOOL_TYPES } from '@school/shared/constants';
import { schoolRegistrationSchema, type SchoolRegistrationInput } from '@school/shared/schools/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { applyAnswerErrors } from '../lib/apply-answer-errors';
import { useRegisterSchool } from '../api/register-school';
import { SelectField } from '@/components/ui/select-field';

const FIELDS = ['schoolName', 'address', 'city', 'state', 'email', 'phone', 'schoolType', 'adminName', 'adminEmail', 'adminPassword'] as const;

type FormValues = z.input<typeof schoolRegistrationSchema>;
const EMPTY = Object.fromEntries(FIELDS.map((field) => [field, ''])) as unknown as FormValues;

export interface SchoolRegisterFormProps {
  onSuccess: (user: SessionUser) => void;
}

/** /auth/school-register: the school's details and the owner's (super administrator's) account. */
export function SchoolRegisterForm({ onSuccess }: SchoolRegisterFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const registerSchool = useRegisterSchool();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, SchoolRegistrationInput>({ resolver: zodResolver(schoolRegistrationSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSuccess(await registerSchool.mutateAsync(values));
    } catch (error) {
      setFormError(applyAnswerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {formError ? <Alert>{formError}</Alert> : null}
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-secondary uppercase">Your school</legend>
        <TextField label="School name" autoComplete="organization" error={errors.schoolName?.message} {...register('schoolName')} />
        <TextField label="School address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
          <SelectField label="State" placeholder="Select a state" options={NIGERIAN_STATES} error={errors.state?.message} {...register('state')} />
        </div>
        <TextField label="School email" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0803 123 4567"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <SelectField label="School type" placeholder="Select a type" options={SCHOOL_TYPES} error={errors.schoolType?.message} {...register('schoolType')} />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-1 text-sm font-semibold tracking-wide text-secondary uppercase">Super admin account</legend>
        <p className="text-sm text-slate-600">You will sign in with this email to run your schools.</p>
        <TextField label="Your name (optional)" autoComplete="name" error={errors.adminName?.message} {...register('adminName')} />
        <TextField
          label="Super admin email"
          type="email"
          inputMode="email"
          autoComplete="username"
          error={errors.adminEmail?.message}
          {...register('adminEmail')}
        />
        <PasswordField
          label="Super admin password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.adminPassword?.message}
          {...register('adminPassword')}
        />
      </fieldset>
      <Button type="submit" variant="primary" size="lg" fullWidth loading={registerSchool.isPending} loadingText="Registering…">
        Register school
      </Button>
    </form>
  );
}

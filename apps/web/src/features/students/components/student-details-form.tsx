import { zodResolver } from '@hookform/resolvers/zod';
import { ADMISSION_NUMBER_MAX } from '@school/shared/admissions/schemas';
import { GENDERS, NIGERIAN_STATES } from '@school/shared/constants';
import type { StudentDetail } from '@school/shared/students/responses';
import { studentDetailsSchema, type StudentDetailsInput, type StudentDetailsValues } from '@school/shared/students/schemas';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RequiredNote } from '@/components/ui/required-note';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { capitalise } from '@/lib/format';

const FIELDS: ReadonlyArray<Path<StudentDetailsInput>> = [
  'registrationNo',
  'firstName',
  'middleName',
  'lastName',
  'gender',
  'dateOfBirth',
  'stateOfOrigin',
  'address',
];

/** The form's starting values from a profile (empty strings for what is not on file). */
export function studentDetailsDefaults(s: StudentDetail): StudentDetailsInput {
  return {
    registrationNo: s.registrationNo,
    firstName: s.firstName,
    middleName: s.middleName ?? '',
    lastName: s.lastName,
    gender: s.gender,
    dateOfBirth: s.dateOfBirth ?? '',
    stateOfOrigin: s.stateOfOrigin ?? '',
    address: s.address ?? '',
  };
}

export interface StudentDetailsFormProps {
  defaultValues: StudentDetailsInput;
  onSave: (values: StudentDetailsValues) => Promise<StudentDetail>;
  onSaved: (student: StudentDetail) => void;
  onCancel?: () => void;
}

/** admin/records/edit-student/{id}: a student's personal details, validated by the API's own schema. */
export function StudentDetailsForm({ defaultValues, onSave, onSaved, onCancel }: StudentDetailsFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StudentDetailsInput, unknown, StudentDetailsValues>({ resolver: zodResolver(studentDetailsSchema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSaved(await onSave(values));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Student details" className="space-y-6">
      {formError ? <Alert>{formError}</Alert> : null}
      <RequiredNote />
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Personal details</h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <TextField
            label="Admission number"
            required
            autoComplete="off"
            maxLength={ADMISSION_NUMBER_MAX}
            hint="The school’s own number; no other student of the school may have it."
            className="sm:col-span-2"
            error={errors.registrationNo?.message}
            {...register('registrationNo')}
          />
          <TextField label="First name" required autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Middle name (optional)" autoComplete="off" error={errors.middleName?.message} {...register('middleName')} />
          <TextField label="Last name" required autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
          <SelectField label="Gender" required defaultValue={defaultValues.gender} error={errors.gender?.message} {...register('gender')}>
            <option value="">Select gender</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {capitalise(g)}
              </option>
            ))}
          </SelectField>
          <TextField label="Date of birth" required type="date" error={errors.dateOfBirth?.message} {...register('dateOfBirth')} />
          <SelectField
            label="State of origin"
            required
            defaultValue={defaultValues.stateOfOrigin}
            error={errors.stateOfOrigin?.message}
            {...register('stateOfOrigin')}
          >
            <option value="">Select a state</option>
            {NIGERIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </SelectField>
          <TextField label="Address" required autoComplete="off" className="sm:col-span-2" error={errors.address?.message} {...register('address')} />
        </div>
      </section>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="gray" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
          Save changes
        </Button>
      </div>
    </form>
  );
}

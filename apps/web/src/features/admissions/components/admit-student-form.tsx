import { zodResolver } from '@hookform/resolvers/zod';
import type { DirectAdmissionResult } from '@school/shared/admissions/responses';
import { directAdmissionSchema, type DirectAdmissionForm, type DirectAdmissionInput } from '@school/shared/admissions/schemas';
import { CLASS_LEVELS, NIGERIAN_STATES, RELATIONSHIPS } from '@school/shared/constants';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useAdmitStudent } from '../api/admit-student';
import { useAdmissionClasses } from '../api/decide-applications';
import { capitalise } from '@/lib/format';

const FIELDS: ReadonlyArray<Path<DirectAdmissionForm>> = [
  'name',
  'gender',
  'dob',
  'originState',
  'class',
  'classId',
  'wardEmail',
  'guardianName',
  'relationship',
  'email',
  'guardianPhone',
  'address',
];

const EMPTY: DirectAdmissionForm = {
  name: '',
  gender: '',
  dob: '',
  originState: '',
  class: '',
  classId: '',
  wardEmail: '',
  guardianName: '',
  relationship: '',
  email: '',
  guardianPhone: '',
  address: '',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-slate-200 pt-5 first-of-type:border-t-0 first-of-type:pt-0">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-4 text-base font-semibold text-slate-900">{title}</legend>
        {children}
      </fieldset>
    </div>
  );
}

export interface AdmitStudentFormProps {
  onAdmitted: (result: DirectAdmissionResult) => void;
}

/** admin/admissions/admit: the ward and the guardian; the class is chosen or the emptiest arm. */
export function AdmitStudentForm({ onAdmitted }: AdmitStudentFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const admit = useAdmitStudent();
  const classes = useAdmissionClasses();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<DirectAdmissionForm, unknown, DirectAdmissionInput>({ resolver: zodResolver(directAdmissionSchema), defaultValues: EMPTY });
  const level = useWatch({ control, name: 'class' });
  const arms = (classes.data?.items ?? []).filter((c) => c.level === level);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onAdmitted(await admit.mutateAsync(values));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Admit a student">
      {formError ? <Alert>{formError}</Alert> : null}

      <Section title="Student">
        <TextField label="Full name" required autoComplete="off" className="sm:col-span-2" error={errors.name?.message} {...register('name')} />
        <SelectField label="Gender" required error={errors.gender?.message} {...register('gender')}>
          <option value="">Select gender</option>
          <option value="male">Male</option>
          <option value="female">Female</option>
        </SelectField>
        <TextField label="Date of birth" required type="date" error={errors.dob?.message} {...register('dob')} />
        <SelectField label="State of origin" required error={errors.originState?.message} {...register('originState')}>
          <option value="">Select state</option>
          {NIGERIAN_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Student’s email (optional)"
          type="email"
          inputMode="email"
          hint="With an email address the student gets their own login."
          error={errors.wardEmail?.message}
          {...register('wardEmail')}
        />
      </Section>

      <Section title="Class">
        <SelectField label="Class level" required error={errors.class?.message} {...register('class', { onChange: () => setValue('classId', '') })}>
          <option value="">Select class</option>
          {CLASS_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Arm"
          disabled={!level}
          hint={
            level && classes.data && arms.length === 0
              ? `There is no ${level} class in the ${classes.data.sessionName ?? 'selected'} session yet.`
              : 'Leave automatic to use the arm with the fewest students.'
          }
          error={errors.classId?.message}
          {...register('classId')}
        >
          <option value="">Automatic (fewest students)</option>
          {arms.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.studentCount} student{c.studentCount === 1 ? '' : 's'})
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title="Parent or guardian">
        <TextField label="Guardian’s name" required autoComplete="off" error={errors.guardianName?.message} {...register('guardianName')} />
        <SelectField label="Relationship to the student" required error={errors.relationship?.message} {...register('relationship')}>
          <option value="">Select relationship</option>
          {RELATIONSHIPS.map((r) => (
            <option key={r} value={r}>
              {capitalise(r)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Guardian’s email"
          required
          type="email"
          inputMode="email"
          hint="A new parent gets an invitation; an existing parent account is linked."
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Guardian’s phone number"
          required
          type="tel"
          placeholder="0803 123 4567"
          error={errors.guardianPhone?.message}
          {...register('guardianPhone')}
        />
        <TextField label="Home address" required className="sm:col-span-2" error={errors.address?.message} {...register('address')} />
      </Section>

      <div className="flex justify-end">
        <Button type="submit" variant="primary" size="lg" loading={isSubmitting} loadingText="Admitting…">
          Admit student
        </Button>
      </div>
    </form>
  );
}

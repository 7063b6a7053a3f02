import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE_LABELS } from '@school/shared/auth/roles';
import { CLASS_LEVELS, GENDERS, NIGERIAN_STATES, RELATIONSHIPS, SCHOOL_TYPES } from '@school/shared/constants';
import type { OrganisationUser } from '@school/shared/organisations/responses';
import { organisationUserSchema, ROLE_FILTER_OPTIONS, type OrganisationUserFormValues, type OrganisationUserInput } from '@school/shared/organisations/schemas';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { applyAnswerErrors } from '../lib/apply-answer-errors';
import { useSchools } from '../api/get-schools';
import { useCreateUser } from '../api/user-mutations';
import { SelectField } from '@/components/ui/select-field';

const FIELDS = [
  'name',
  'email',
  'phone',
  'userType',
  'schoolId',
  'gender',
  'dob',
  'address',
  'contactPerson',
  'relationship',
  'institution',
  'institutionAddress',
  'attendedClasses',
  'lastAttendedEducation',
  'class',
  'originState',
  'schoolType',
  'code',
] as const;

const EMPTY = Object.fromEntries(FIELDS.map((field) => [field, ''])) as unknown as OrganisationUserFormValues;

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export interface CreateUserFormProps {
  onCreated: (user: OrganisationUser) => void;
  onCancel: () => void;
}

/** The spec's create-user form: the user type is the role; the school is where they belong. */
export function CreateUserForm({ onCreated, onCancel }: CreateUserFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const createUser = useCreateUser();
  const schools = useSchools();
  const classListId = useId();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<OrganisationUserFormValues, unknown, OrganisationUserInput>({ resolver: zodResolver(organisationUserSchema), defaultValues: EMPTY });
  const userType = watch('userType');
  const activeSchools = (schools.data?.items ?? []).filter((school) => school.status === 'active');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onCreated(await createUser.mutateAsync({ ...values, schoolId: values.userType === 'super_admin' ? undefined : values.schoolId }));
    } catch (error) {
      setFormError(applyAnswerErrors(error, setError, FIELDS));
    }
  });

  const section = 'rounded-xl border border-slate-200 bg-white p-5 md:p-6';
  const grid = 'mt-4 grid gap-4 md:grid-cols-2';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <section className={section} aria-labelledby="account-heading">
        <h2 id="account-heading" className="text-base font-semibold text-slate-900">
          Account
        </h2>
        <p className="mt-1 text-sm text-slate-600">They receive an invitation code by email and choose their password at /auth/register.</p>
        <div className={grid}>
          <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
          <TextField label="Email" type="email" inputMode="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
          <TextField label="Phone number" type="tel" inputMode="tel" error={errors.phone?.message} {...register('phone')} />
          <SelectField label="User Type" placeholder="Select a role" options={ROLE_FILTER_OPTIONS} error={errors.userType?.message} {...register('userType')} />
          {userType === 'super_admin' ? (
            <p className="text-sm text-slate-600 md:col-span-2">A {ROLE_LABELS.super_admin} works across all your schools.</p>
          ) : (
            <SelectField
              label="School"
              placeholder={schools.isPending ? 'Loading schools…' : 'Select a school'}
              options={activeSchools.map((school) => ({ value: school.id, label: school.name }))}
              error={errors.schoolId?.message ?? (schools.isError ? schools.error.message : undefined)}
              {...register('schoolId')}
            />
          )}
          <TextField
            label="Code (optional)"
            inputMode="numeric"
            hint="A staff or admission number, if your school uses one."
            error={errors.code?.message}
            {...register('code')}
          />
        </div>
      </section>

      <section className={section} aria-labelledby="personal-heading">
        <h2 id="personal-heading" className="text-base font-semibold text-slate-900">
          Personal details
        </h2>
        <div className={grid}>
          <SelectField
            label="Gender"
            placeholder="Select gender"
            options={GENDERS.map((g) => ({ value: g, label: capitalise(g) }))}
            error={errors.gender?.message}
            {...register('gender')}
          />
          <TextField label="Date of Birth" type="date" error={errors.dob?.message} {...register('dob')} />
          <TextField label="Address" className="md:col-span-2" error={errors.address?.message} {...register('address')} />
          <SelectField
            label="State of Origin"
            placeholder="Select a state"
            options={NIGERIAN_STATES}
            error={errors.originState?.message}
            {...register('originState')}
          />
          <TextField label="Contact Person" error={errors.contactPerson?.message} {...register('contactPerson')} />
          <SelectField
            label="Relationship"
            hint="Of the contact person to this user."
            placeholder="Select relationship"
            options={RELATIONSHIPS.map((r) => ({ value: r, label: capitalise(r) }))}
            error={errors.relationship?.message}
            {...register('relationship')}
          />
        </div>
      </section>

      <section className={section} aria-labelledby="education-heading">
        <h2 id="education-heading" className="text-base font-semibold text-slate-900">
          Education
        </h2>
        <div className={grid}>
          <TextField label="Institution" error={errors.institution?.message} {...register('institution')} />
          <TextField label="Institution Address" error={errors.institutionAddress?.message} {...register('institutionAddress')} />
          <TextField label="Class Attended" error={errors.attendedClasses?.message} {...register('attendedClasses')} />
          <TextField label="Last Attended Education" error={errors.lastAttendedEducation?.message} {...register('lastAttendedEducation')} />
          <TextField label="Class" list={classListId} placeholder="e.g. JSS 1" error={errors.class?.message} {...register('class')} />
          <datalist id={classListId}>
            {CLASS_LEVELS.map((level) => (
              <option key={level} value={level} />
            ))}
          </datalist>
          <SelectField label="School Type" placeholder="Select a type" options={SCHOOL_TYPES} error={errors.schoolType?.message} {...register('schoolType')} />
        </div>
      </section>

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="gray" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={createUser.isPending} loadingText="Creating…">
          Create user
        </Button>
      </div>
    </form>
  );
}

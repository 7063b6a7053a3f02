import { zodResolver } from '@hookform/resolvers/zod';
import type { ApplicationSubmitted } from '@school/shared/admissions/responses';
import {
  BIRTH_CERTIFICATE_TOO_LARGE,
  BIRTH_CERTIFICATE_WRONG_TYPE,
  INVALID_SERIAL_CODE,
  studentAdmissionSchema,
  type StudentAdmissionForm,
  type StudentAdmissionInput,
} from '@school/shared/admissions/schemas';
import { BIRTH_CERTIFICATE_UPLOAD, CLASS_LEVELS, NIGERIAN_STATES, RELATIONSHIPS } from '@school/shared/constants';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { useSubmitApplication } from '../api/submit-application';
import { capitalise } from '@/lib/format';
import { SelectField } from '@/components/ui/select-field';

const FIELDS: ReadonlyArray<Path<StudentAdmissionForm>> = [
  'guardianName',
  'email',
  'guardianPhone',
  'address',
  'relationship',
  'name',
  'gender',
  'dob',
  'phone',
  'wardEmail',
  'originState',
  'prevEducation',
  'institution',
  'institutionAddress',
  'attendedClasses',
  'institutionContactName',
  'institutionContactPhone',
  'class',
  'birthCertificate',
  'referralCode',
];

const EMPTY: StudentAdmissionForm = {
  guardianName: '',
  email: '',
  guardianPhone: '',
  address: '',
  relationship: '',
  name: '',
  gender: '',
  dob: '',
  phone: '',
  wardEmail: '',
  originState: '',
  prevEducation: '',
  institution: '',
  institutionAddress: '',
  attendedClasses: '',
  institutionContactName: '',
  institutionContactPhone: '',
  class: '',
  birthCertificate: '',
  referralCode: '',
};

const EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

/** Checks a chosen file before sending it; the server checks its content again. */
export function birthCertificateProblem(file: File): string | null {
  const typeOk = (BIRTH_CERTIFICATE_UPLOAD.mimeTypes as readonly string[]).includes(file.type) || (!file.type && EXTENSIONS.test(file.name));
  if (!typeOk) return BIRTH_CERTIFICATE_WRONG_TYPE;
  if (file.size > BIRTH_CERTIFICATE_UPLOAD.maxBytes) return BIRTH_CERTIFICATE_TOO_LARGE;
  return null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-slate-200 pt-5 first-of-type:border-t-0 first-of-type:pt-0">
      <fieldset className="space-y-4">
        <legend className="mb-4 text-base font-semibold text-slate-900">{title}</legend>
        {children}
      </fieldset>
    </div>
  );
}

export interface ApplicationFormProps {
  token: string;
  onSubmitted: (result: ApplicationSubmitted) => void;
}

/** /auth/application: every field of the admission form, and the birth certificate, in one request. */
export function ApplicationForm({ token, onSubmitted }: ApplicationFormProps) {
  const fileId = useId();
  const [formError, setFormError] = useState<{ message: string; codeInvalid: boolean } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const submit = useSubmitApplication();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<StudentAdmissionForm, unknown, StudentAdmissionInput>({ resolver: zodResolver(studentAdmissionSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (!file || fileError) return;
    const { birthCertificate: _ignored, ...rest } = values;
    try {
      onSubmitted(await submit.mutateAsync({ token, values: rest, birthCertificate: file }));
    } catch (error) {
      if (!isApiError(error)) {
        setFormError({ message: 'Something went wrong. Please try again.', codeInvalid: false });
        return;
      }
      if (error.message === INVALID_SERIAL_CODE || error.errors.serialCode) {
        setFormError({ message: INVALID_SERIAL_CODE, codeInvalid: true });
        return;
      }
      let shown = false;
      for (const [field, message] of Object.entries(error.errors)) {
        if (field === 'birthCertificate') {
          setFileError(message);
          shown = true;
        } else if ((FIELDS as readonly string[]).includes(field)) {
          setError(field as Path<StudentAdmissionForm>, { type: 'server', message }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) setFormError({ message: error.message, codeInvalid: false });
    }
  });

  const certificateError = fileError ?? errors.birthCertificate?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Application form">
      {formError ? (
        <Alert>
          <p>{formError.message}</p>
          {formError.codeInvalid ? (
            <p className="mt-1">
              <Link to="/auth/serial-code" className="font-semibold underline">
                Enter your serial code again
              </Link>
            </p>
          ) : null}
        </Alert>
      ) : null}

      <Section title="Guardian details">
        <TextField label="Guardian’s name (optional)" autoComplete="name" error={errors.guardianName?.message} {...register('guardianName')} />
        <TextField label="Guardian’s email" required type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Guardian’s phone number"
          required
          type="tel"
          autoComplete="tel"
          placeholder="0803 123 4567"
          error={errors.guardianPhone?.message}
          {...register('guardianPhone')}
        />
        <TextField label="Guardian’s address" required autoComplete="street-address" error={errors.address?.message} {...register('address')} />
        <SelectField label="Relationship to the ward" required error={errors.relationship?.message} {...register('relationship')}>
          <option value="">Select relationship</option>
          {RELATIONSHIPS.map((r) => (
            <option key={r} value={r}>
              {capitalise(r)}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title="Ward details">
        <TextField label="Ward’s full name" required error={errors.name?.message} {...register('name')} />
        <SelectField label="Gender" required error={errors.gender?.message} {...register('gender')}>
          <option value="">Select gender</option>
          <option value="male">Male</option>
          <option value="female">Female</option>
        </SelectField>
        <TextField label="Date of birth" required type="date" error={errors.dob?.message} {...register('dob')} />
        <TextField label="Ward’s phone number" required type="tel" placeholder="0803 123 4567" error={errors.phone?.message} {...register('phone')} />
        <TextField
          label="Ward’s email (optional)"
          type="email"
          inputMode="email"
          hint="With an email address the ward gets their own student login when admitted."
          error={errors.wardEmail?.message}
          {...register('wardEmail')}
        />
        <SelectField label="State of origin" required error={errors.originState?.message} {...register('originState')}>
          <option value="">Select state</option>
          {NIGERIAN_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title="Education history">
        <TextField
          label="Previous education"
          required
          placeholder="e.g. First School Leaving Certificate"
          error={errors.prevEducation?.message}
          {...register('prevEducation')}
        />
        <TextField label="Last school attended" required error={errors.institution?.message} {...register('institution')} />
        <TextField label="Address of institution" required error={errors.institutionAddress?.message} {...register('institutionAddress')} />
        <TextField label="Class attended" required placeholder="e.g. Primary 6" error={errors.attendedClasses?.message} {...register('attendedClasses')} />
        <TextField label="Contact person" required error={errors.institutionContactName?.message} {...register('institutionContactName')} />
        <TextField label="Contact number" required type="tel" error={errors.institutionContactPhone?.message} {...register('institutionContactPhone')} />
      </Section>

      <Section title="Class applied for">
        <SelectField label="Class" required error={errors.class?.message} {...register('class')}>
          <option value="">Select class</option>
          {CLASS_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title="Uploaded documents">
        <div>
          <label htmlFor={fileId} className="field-label field-required">
            Birth certificate
          </label>
          <input
            id={fileId}
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            aria-required
            aria-invalid={certificateError ? true : undefined}
            aria-describedby={`${fileId}-help`}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const problem = chosen ? birthCertificateProblem(chosen) : null;
              setFileError(problem);
              setFile(problem ? null : chosen);
              setValue('birthCertificate', chosen && !problem ? chosen.name : '', { shouldValidate: Boolean(errors.birthCertificate) });
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-secondary hover:file:bg-primary-100"
          />
          {certificateError ? (
            <p id={`${fileId}-help`} className="field-error">
              {certificateError}
            </p>
          ) : (
            <p id={`${fileId}-help`} className="mt-1.5 text-xs text-slate-500">
              PDF, JPEG or PNG, at most 5 MB.
            </p>
          )}
        </div>
      </Section>

      <Section title="Referral">
        <TextField
          label="Referral code (optional)"
          autoComplete="off"
          placeholder="e.g. BFA2024-7KQ2MX"
          hint="If someone from the school referred you, enter the code they gave you."
          error={errors.referralCode?.message}
          {...register('referralCode')}
        />
      </Section>

      <Button type="submit" variant="primary" size="lg" fullWidth loading={isSubmitting} loadingText="Submitting…">
        Submit application
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { GENDERS, STAFF_TYPES } from '@school/shared/constants';
import type { StaffDetail } from '@school/shared/staff/responses';
import {
  STAFF_PHOTO_TOO_LARGE,
  STAFF_PHOTO_UPLOAD,
  STAFF_PHOTO_WRONG_TYPE,
  staffAccountRole,
  staffSchema,
  type StaffInput,
  type StaffValues,
} from '@school/shared/staff/schemas';
import { useEffect, useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RequiredNote } from '@/components/ui/required-note';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import type { SaveStaffInput } from '../api/save-staff';
import { SelectField } from '@/components/ui/select-field';
import { StaffAvatar } from './staff-avatar';

const FIELDS: ReadonlyArray<Path<StaffInput>> = ['name', 'staffType', 'email', 'phone', 'gender', 'address', 'employedOn'];

export const EMPTY_STAFF: StaffInput = { name: '', staffType: '', email: '', phone: '', gender: '', address: '', employedOn: '' };

export interface StaffFormProps {
  defaultValues?: StaffInput;
  /** The photo already on file (edit). */
  currentPhotoUrl?: string | null;
  /** The staff member already has an account (edit): the email is what they sign in with. */
  hasAccount?: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSave: (input: SaveStaffInput) => Promise<StaffDetail>;
  onSaved: (staff: StaffDetail) => void;
  onCancel?: () => void;
}

/** Checks a chosen photo before sending it; the server checks the content again. */
export function photoProblem(file: File): string | null {
  if (!(STAFF_PHOTO_UPLOAD.mimeTypes as readonly string[]).includes(file.type)) return STAFF_PHOTO_WRONG_TYPE;
  if (file.size > STAFF_PHOTO_UPLOAD.maxBytes) return STAFF_PHOTO_TOO_LARGE;
  return null;
}

/** The add-staff and edit-profile form: the staff fields and a photo, sent as one multipart request. */
export function StaffForm({
  defaultValues = EMPTY_STAFF,
  currentPhotoUrl = null,
  hasAccount = false,
  submitLabel,
  pendingLabel,
  onSave,
  onSaved,
  onCancel,
}: StaffFormProps) {
  const photoId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<StaffInput, unknown, StaffValues>({ resolver: zodResolver(staffSchema), defaultValues });

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const staffType = watch('staffType');
  const signsIn = typeof staffType === 'string' && staffAccountRole(staffType) !== null;
  // the email is optional only once a staff type without an account is chosen
  const emailOptional = typeof staffType === 'string' && staffType !== '' && !signsIn;
  const shownPhoto = preview ?? (removePhoto ? null : currentPhotoUrl);
  const name = watch('name');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (photoError) return;
    try {
      const saved = await onSave({ values, photo, removePhoto: removePhoto && !photo });
      onSaved(saved);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError('Something went wrong. Please try again.');
        return;
      }
      let shown = false;
      for (const [field, message] of Object.entries(error.errors)) {
        if (field === 'photo') {
          setPhotoError(message);
          shown = true;
        } else if ((FIELDS as readonly string[]).includes(field)) {
          setError(field as Path<StaffInput>, { type: 'server', message }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) setFormError(error.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Staff details">
      {formError ? <Alert>{formError}</Alert> : null}
      <RequiredNote />

      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Personal details</h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <TextField label="Full name" required autoComplete="name" error={errors.name?.message} {...register('name')} />
          <SelectField label="Staff type" required error={errors.staffType?.message} {...register('staffType')}>
            <option value="">Select staff type</option>
            {STAFF_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <SelectField label="Gender" required error={errors.gender?.message} {...register('gender')}>
            <option value="">Select gender</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {gender === 'male' ? 'Male' : 'Female'}
              </option>
            ))}
          </SelectField>
          <TextField label="Date employed" required type="date" error={errors.employedOn?.message} {...register('employedOn')} />
        </div>
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Contact</h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <TextField
            label={emailOptional ? 'Email (optional)' : 'Email'}
            required={signsIn}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            hint={
              !signsIn
                ? 'Required for teachers, principals and admins, who sign in with it.'
                : hasAccount
                  ? 'They sign in with this address.'
                  : 'They will get an invitation at this address to create their password.'
            }
            {...register('email')}
          />
          <TextField
            label="Phone number"
            required
            type="tel"
            autoComplete="tel"
            placeholder="0803 123 4567"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            label="Address"
            required
            autoComplete="street-address"
            className="sm:col-span-2"
            error={errors.address?.message}
            {...register('address')}
          />
        </div>
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Photo</h2>
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
          <StaffAvatar name={typeof name === 'string' && name ? name : '?'} photoUrl={shownPhoto} size="lg" />
          <div className="min-w-0 flex-1">
            <label htmlFor={photoId} className="field-label">
              {currentPhotoUrl || photo ? 'Change photo' : 'Upload photo'} (optional)
            </label>
            <input
              id={photoId}
              type="file"
              accept="image/png,image/jpeg"
              aria-invalid={photoError ? true : undefined}
              aria-describedby={`${photoId}-help`}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                const problem = file ? photoProblem(file) : null;
                setPhotoError(problem);
                setPhoto(problem ? null : file);
                if (file && !problem) setRemovePhoto(false);
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-secondary hover:file:bg-primary-100"
            />
            {photoError ? (
              <p id={`${photoId}-help`} className="field-error">
                {photoError}
              </p>
            ) : (
              <p id={`${photoId}-help`} className="mt-1.5 text-xs text-slate-500">
                JPEG or PNG, at most 2 MB.
              </p>
            )}
            {currentPhotoUrl && !photo ? (
              <label className="mt-3 inline-flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" checked={removePhoto} onChange={(event) => setRemovePhoto(event.target.checked)} className="size-4 accent-secondary" />
                Remove the current photo
              </label>
            ) : null}
          </div>
        </div>
      </section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="gray" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText={pendingLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@school/shared/organisations/responses';
import { updateProfileSchema, type UpdateProfileFormValues, type UpdateProfileInput } from '@school/shared/organisations/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyAnswerErrors } from '../lib/apply-answer-errors';
import { useUpdateProfile } from '../api/profile';

const FIELDS = ['name', 'email', 'phone', 'currentPassword'] as const;

const valuesOf = (profile: Profile): UpdateProfileFormValues => ({ name: profile.name, email: profile.email, phone: profile.phone ?? '', currentPassword: '' });

/** The signed-in user's name, phone and email; changing the email asks for the current password. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<UpdateProfileFormValues, unknown, UpdateProfileInput>({ resolver: zodResolver(updateProfileSchema), defaultValues: valuesOf(profile) });
  const email = watch('email');
  const emailChanged = (email ?? '').trim().toLowerCase() !== profile.email.toLowerCase();

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      reset(valuesOf(saved));
      toast.success('Profile saved');
    } catch (error) {
      setFormError(applyAnswerErrors(error, setError, FIELDS));
    }
  });

  return (
    <section aria-labelledby="profile-heading" className="rounded-xl border border-slate-200 bg-white p-5 md:p-6">
      <h2 id="profile-heading" className="text-base font-semibold text-slate-900">
        Profile
      </h2>
      <p className="mt-1 text-sm text-slate-600">Your name and phone number. Changing your email asks for your current password.</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 max-w-md space-y-5">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField label="Phone number" type="tel" inputMode="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        {emailChanged ? (
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            hint="Needed to change your email."
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        ) : null}
        <Button type="submit" variant="primary" disabled={!isDirty} loading={update.isPending} loadingText="Saving…">
          Save profile
        </Button>
      </form>
    </section>
  );
}

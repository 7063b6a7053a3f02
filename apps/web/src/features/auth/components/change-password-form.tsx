import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '@school/shared/auth/schemas';
import { PASSWORD_MIN_LENGTH } from '@school/shared/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyServerErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';

const EMPTY: ChangePasswordInput = { currentPassword: '', password: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      toast.success('Password changed');
      reset(EMPTY);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['currentPassword', 'password', 'confirmPassword']));
    }
  });

  return (
    <section aria-labelledby="change-password-heading" className="rounded-xl border border-slate-200 bg-white p-5 md:p-6">
      <h2 id="change-password-heading" className="text-base font-semibold text-slate-900">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Enter your current password, then the new one twice. It must have at least {PASSWORD_MIN_LENGTH} characters.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-5 max-w-md space-y-5">
        {formError ? <Alert>{formError}</Alert> : null}
        <PasswordField label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
        <PasswordField label="New password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" variant="primary" loading={change.isPending} loadingText="Saving…">
          Change password
        </Button>
      </form>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema, type ResetPasswordInput } from '@school/shared/auth/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordForm({ token }: { token: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { message } = await reset.mutateAsync(values);
      setDoneMessage(message);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['password', 'confirmPassword']));
    }
  });

  if (doneMessage) {
    return (
      <div className="space-y-5">
        <Alert tone="success">{doneMessage}</Alert>
        <Link to="/auth/login" className={buttonClasses({ variant: 'primary', size: 'lg', fullWidth: true })}>
          Go to sign in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError ? (
        <Alert>
          {formError}{' '}
          {isApiError(reset.error) && reset.error.status === 400 ? (
            <Link to="/auth/forgot-password" className="font-semibold underline">
              Ask for a new link
            </Link>
          ) : null}
        </Alert>
      ) : null}
      {errors.token ? <Alert>{errors.token.message}</Alert> : null}
      <input type="hidden" {...register('token')} />
      <PasswordField label="New password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <Button type="submit" variant="primary" size="lg" fullWidth loading={reset.isPending} loadingText="Saving…">
        Reset password
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { RegisterResponse } from '@school/shared/auth/responses';
import { registerSchema, type RegisterInput } from '@school/shared/auth/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useRegister } from '../api/register';

type RegisterFormValues = z.input<typeof registerSchema>;

/** The server has no registration route yet (Fastify's generic 404), as opposed to e.g. an unknown invitation. */
function isUnavailable(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && /^Route [A-Z]+[: ]\/?/.test(error.message);
}

export interface RegisterFormProps {
  /** Called once the account is ready: the person signs in next. */
  onSuccess: (answer: RegisterResponse) => void;
}

export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', code: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSuccess(await registration.mutateAsync(values));
    } catch (error) {
      setFormError(
        isUnavailable(error)
          ? 'Creating an account from an invitation is not available yet. Please contact your school.'
          : applyServerErrors(error, setError, ['email', 'code', 'password', 'confirmPassword']),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        hint="The address your invitation was sent to."
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField label="Invitation code" type="text" inputMode="numeric" autoComplete="one-time-code" error={errors.code?.message} {...register('code')} />
      <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <Button type="submit" variant="primary" size="lg" fullWidth loading={registration.isPending} loadingText="Creating account…">
        Create account
      </Button>
    </form>
  );
}

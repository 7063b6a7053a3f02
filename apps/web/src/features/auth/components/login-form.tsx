import { zodResolver } from '@hookform/resolvers/zod';
import type { SessionUser } from '@school/shared/auth/responses';
import { loginSchema, type LoginInput } from '@school/shared/auth/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useLogin } from '../api/login';

export interface LoginFormProps {
  onSuccess: (user: SessionUser) => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const user = await login.mutateAsync(values);
      onSuccess(user);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email', 'password']));
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
        placeholder="you@school.edu.ng"
        error={errors.email?.message}
        {...register('email')}
      />
      <div>
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="mt-2 text-right">
          <Link to="/auth/forgot-password" className="text-sm font-medium text-secondary hover:text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
      </div>
      <Button type="submit" variant="primary" size="lg" fullWidth loading={login.isPending} loadingText="Signing in…">
        Sign in
      </Button>
    </form>
  );
}

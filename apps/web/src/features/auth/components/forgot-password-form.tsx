import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@school/shared/auth/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { message } = await forgot.mutateAsync(values);
      setSentMessage(message);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  });

  if (sentMessage) return <Alert tone="success">{sentMessage}</Alert>;

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
      <Button type="submit" variant="primary" size="lg" fullWidth loading={forgot.isPending} loadingText="Sending link…">
        Send reset link
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { SerialCodeCheckResult } from '@school/shared/admissions/responses';
import { serialCodeSchema, type SerialCodeInput } from '@school/shared/admissions/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useCheckSerialCode } from '../api/check-serial-code';

type SerialCodeForm = z.input<typeof serialCodeSchema>;

export interface SerialCodeFormProps {
  onAccepted: (result: SerialCodeCheckResult) => void;
}

/** /auth/serial-code: the code from the admission scratch card. */
export function SerialCodeForm({ onAccepted }: SerialCodeFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const check = useCheckSerialCode();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SerialCodeForm, unknown, SerialCodeInput>({ resolver: zodResolver(serialCodeSchema), defaultValues: { serialCode: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onAccepted(await check.mutateAsync(values));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['serialCode']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Check serial code">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField
        label="Serial code"
        inputMode="numeric"
        autoComplete="off"
        placeholder="e.g. 482913650271"
        hint="The 12-digit number on the admission form card you bought from the school."
        error={errors.serialCode?.message}
        {...register('serialCode')}
      />
      <Button type="submit" variant="primary" size="lg" fullWidth loading={check.isPending} loadingText="Checking…">
        Continue
      </Button>
    </form>
  );
}

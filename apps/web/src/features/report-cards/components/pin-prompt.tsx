import { zodResolver } from '@hookform/resolvers/zod';
import { RESULT_PIN, unlockResultsSchema, type UnlockResultsInput, type UnlockResultsValues } from '@school/shared/report-cards/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyServerErrors } from '@/lib/form-errors';
import { useUnlockResults } from '../api/result-pins';

export interface PinPromptProps {
  studentId: string;
  termId: string;
  /** e.g. 'Second term, 2023/24' */
  termLabel?: string;
}

/** Shown when the API answers PIN_REQUIRED: enter a result-checker PIN to open a term's results. */
export function PinPrompt({ studentId, termId, termLabel }: PinPromptProps) {
  const unlock = useUnlockResults();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UnlockResultsValues, unknown, UnlockResultsInput>({ resolver: zodResolver(unlockResultsSchema), defaultValues: { pin: '', studentId, termId } });

  const onValid = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const result = await unlock.mutateAsync(input);
      toast.success(
        result.viewsLeft === null ? 'Results opened' : `Results opened. This PIN has ${result.viewsLeft} view${result.viewsLeft === 1 ? '' : 's'} left.`,
      );
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['pin']));
    }
  });

  return (
    <section aria-labelledby="pin-prompt-heading" className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="pin-prompt-heading" className="text-base font-semibold text-slate-900">
        Enter your result-checker PIN
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your school asks for a PIN to open {termLabel ? `the ${termLabel} results` : 'these results'}. Each PIN works for one student and a set number of views;
        a view keeps the results open for {RESULT_PIN.unlockMinutes} minutes.
      </p>
      <form onSubmit={onValid} noValidate className="mt-4 space-y-3">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="PIN" inputMode="numeric" autoComplete="off" placeholder="1234-5678-9012" error={errors.pin?.message} {...register('pin')} />
        <Button type="submit" variant="primary" loading={unlock.isPending} loadingText="Checking…">
          Open results
        </Button>
      </form>
    </section>
  );
}

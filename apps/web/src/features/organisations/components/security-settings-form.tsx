import { zodResolver } from '@hookform/resolvers/zod';
import {
  SECURITY_SETTING_LIMITS,
  securitySettingsSchema,
  type SecuritySettingsFormValues,
  type SecuritySettingsInput,
} from '@school/shared/organisations/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyAnswerErrors } from '../lib/apply-answer-errors';
import { useUpdateSecuritySettings } from '../api/security-settings';

const FIELDS = ['passwordMinLength', 'sessionIdleMinutes', 'maxLoginAttempts'] as const;

const HINTS: Record<(typeof FIELDS)[number], string> = {
  passwordMinLength: 'Characters a new password needs.',
  sessionIdleMinutes: 'Minutes without activity before a user is signed out.',
  maxLoginAttempts: 'Wrong passwords in a row before each further try on that account must wait (1 second, then doubling, up to 15 minutes).',
};

const LABELS: Record<(typeof FIELDS)[number], string> = {
  passwordMinLength: 'Password minimum length',
  sessionIdleMinutes: 'Session idle timeout (minutes)',
  maxLoginAttempts: 'Sign-in attempts before lock-out',
};

/** settings/security-setting: enforced by the server from the next sign-in or request. */
export function SecuritySettingsForm({ settings }: { settings: SecuritySettingsInput }) {
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateSecuritySettings();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<SecuritySettingsFormValues, unknown, SecuritySettingsInput>({
    resolver: zodResolver(securitySettingsSchema),
    defaultValues: {
      passwordMinLength: String(settings.passwordMinLength),
      sessionIdleMinutes: String(settings.sessionIdleMinutes),
      maxLoginAttempts: String(settings.maxLoginAttempts),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      reset({
        passwordMinLength: String(saved.passwordMinLength),
        sessionIdleMinutes: String(saved.sessionIdleMinutes),
        maxLoginAttempts: String(saved.maxLoginAttempts),
      });
      toast.success('Security settings saved. They apply at once.');
    } catch (error) {
      setFormError(applyAnswerErrors(error, setError, FIELDS));
    }
  });

  return (
    <section aria-labelledby="security-heading" className="rounded-xl border border-slate-200 bg-white p-5 md:p-6">
      <h2 id="security-heading" className="text-base font-semibold text-slate-900">
        Sign-in and sessions
      </h2>
      <p className="mt-1 text-sm text-slate-600">For every account in your organisation.</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 max-w-md space-y-5">
        {formError ? <Alert>{formError}</Alert> : null}
        {FIELDS.map((field) => {
          const { min, max } = SECURITY_SETTING_LIMITS[field];
          return (
            <TextField
              key={field}
              label={LABELS[field]}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              hint={`${HINTS[field]} From ${min} to ${max}.`}
              error={errors[field]?.message}
              {...register(field)}
            />
          );
        })}
        <Button type="submit" variant="primary" disabled={!isDirty} loading={update.isPending} loadingText="Saving…">
          Save settings
        </Button>
      </form>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { paymentKeysSchema, type PaymentKeysInput } from '@school/shared/finance/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { applyServerErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { usePaymentKeys, useSavePaymentKeys } from '../api/finance-api';

/** super-admin/settings/payment: the organisation's Paystack keys (secretKey, publicKey). */
export function Component() {
  useDocumentTitle('Payment');
  const keys = usePaymentKeys();
  const save = useSavePaymentKeys();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PaymentKeysInput>({ resolver: zodResolver(paymentKeysSchema), defaultValues: { secretKey: '', publicKey: '' } });
  const current = keys.data?.keys;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(values);
      toast.success('Payment keys saved');
      reset({ secretKey: '', publicKey: saved.keys.publicKey ?? '' });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['secretKey', 'publicKey']));
    }
  });

  return (
    <>
      <PageHeader title="Payment" description="Your Paystack keys. Every school of your organisation uses them for online fee payments." />
      {keys.isPending ? <Spinner /> : null}
      {keys.isError ? (
        <LoadError error={keys.error} area="Finance">
          The payment settings could not be loaded.
        </LoadError>
      ) : null}
      {current ? (
        <div className="mb-5 max-w-xl rounded-xl border border-slate-200 bg-white p-4 text-sm">
          {current.configured ? (
            <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
              <dt className="text-slate-500">Public key</dt>
              <dd className="font-mono break-all">{current.publicKey}</dd>
              <dt className="text-slate-500">Secret key</dt>
              <dd className="font-mono" data-testid="secret-masked">
                {current.secretKeyMasked}
              </dd>
              <dt className="text-slate-500">Last changed</dt>
              <dd>{formatDateTime(current.updatedAt)}</dd>
            </dl>
          ) : (
            <p>No keys yet: students and parents are told to pay at the bursary or by bank transfer.</p>
          )}
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label="Payment keys" className="max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="Secret key" type="password" autoComplete="off" placeholder="sk_live_…" error={errors.secretKey?.message} {...register('secretKey')} />
        <TextField label="Public key" autoComplete="off" placeholder="pk_live_…" error={errors.publicKey?.message} {...register('publicKey')} />
        <p className="text-xs text-slate-500">
          The secret key is stored encrypted and is never shown again. In your Paystack dashboard, set the webhook URL to{' '}
          <span className="font-mono break-all">{`${window.location.origin}/api/payments/paystack/webhook`}</span>.
        </p>
        <div className="flex justify-end">
          <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
            {current?.configured ? 'Replace keys' : 'Save keys'}
          </Button>
        </div>
      </form>
    </>
  );
}

import { nairaToKobo } from '@school/shared/finance/money';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useFeeGate, useSaveFeeGate } from '../api/result-settings';

const AMOUNT_INVALID = 'Enter an amount in naira, e.g. 10000 (0 for any amount)';

/**
 * The school's fee gate: published results and report cards withheld from a student and their parents
 * while the student owes more than an amount. Families see what is owed and a way to pay; the payment
 * lifts it at once. Staff always see results.
 */
export function FeeGateSection() {
  const headingId = useId();
  const gate = useFeeGate();
  const save = useSaveFeeGate();
  const [enabled, setEnabled] = useState(false);
  const [amount, setAmount] = useState('0');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!gate.data) return;
    setEnabled(gate.data.enabled);
    setAmount(String(gate.data.minimumOwedKobo / 100));
  }, [gate.data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const kobo = amount.trim() === '' ? 0 : nairaToKobo(amount);
    if (kobo === null || kobo < 0) {
      setError(AMOUNT_INVALID);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ enabled, minimumOwedKobo: kobo });
      toast.success(enabled ? 'Results are now withheld from families who owe fees' : 'Results are shown whatever is owed');
    } catch (err) {
      setError(isApiError(err) ? err.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 md:p-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Results and unpaid fees
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Withhold published results and report cards from students and parents who owe school fees. They see what is owed and a Pay fees button; the results open
        as soon as the payment is recorded or confirmed online. Staff always see results.
      </p>
      {gate.isError ? (
        <LoadError error={gate.error} className="mt-3">
          We could not load this setting. {gate.error.message}
        </LoadError>
      ) : gate.isPending ? (
        <div className="mt-4">
          <Spinner label="Loading" />
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="size-4 accent-primary" />
            Withhold results from families who owe fees
          </label>
          <label className="block max-w-xs text-sm">
            <span className="field-label">Amount a family may owe and still see results (₦)</span>
            <input
              className="field-input"
              inputMode="decimal"
              value={amount}
              disabled={!enabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${headingId}-hint`}
              onChange={(e) => setAmount(e.target.value)}
            />
            <span id={`${headingId}-hint`} className="mt-1 block text-xs text-slate-500">
              0 withholds results for any amount owed.
            </span>
          </label>
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save
          </Button>
        </form>
      )}
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { formatNaira } from '@school/shared/constants';
import {
  WITHDRAWAL_PAYMENT_MODES,
  WITHDRAWAL_STATUS_LABELS,
  withdrawalRequestSchema,
  type WithdrawalRequestInput,
  type WithdrawalRequestValues,
} from '@school/shared/referrals/schemas';
import type { MyReferralCampaign } from '@school/shared/referrals/responses';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyServerErrors } from '@/lib/form-errors';
import { formatDate, formatDateTime } from '@/lib/format';
import { useGetMyCode, useMyReferrals, useRequestWithdrawal } from '../api/my-referrals';

const FIELDS: ReadonlyArray<Path<WithdrawalRequestInput>> = ['amount', 'paymentMode', 'details'];
const EMPTY: WithdrawalRequestInput = { amount: '', paymentMode: '', details: '' };

function CampaignCard({ campaign }: { campaign: MyReferralCampaign }) {
  const getCode = useGetMyCode();
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{campaign.description ?? 'Referral campaign'}</p>
        <Badge status={campaign.status} tone={campaign.status === 'Active' ? 'green' : 'pink'} />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {formatDate(campaign.startsOn)} – {campaign.endsOn ? formatDate(campaign.endsOn) : 'no end date'} · 1 point = {formatNaira(campaign.pointValueKobo)}
      </p>
      {campaign.myCode ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-600">Your code:</span>
          <code aria-label="Your referral code" className="rounded bg-primary-50 px-2 py-1 font-mono text-sm font-semibold text-secondary">
            {campaign.myCode}
          </code>
          <Button
            variant="gray"
            size="sm"
            onClick={() =>
              void navigator.clipboard?.writeText(campaign.myCode!).then(
                () => toast.success('Code copied.'),
                () => toast.error('Could not copy; select the code instead.'),
              )
            }
          >
            Copy
          </Button>
        </div>
      ) : campaign.status === 'Active' ? (
        <Button
          className="mt-3"
          variant="primary"
          size="sm"
          loading={getCode.isPending}
          loadingText="Getting your code…"
          onClick={() =>
            getCode.mutate(campaign.id, { onSuccess: () => toast.success('Your referral code is ready.'), onError: (error) => toast.error(error.message) })
          }
        >
          Get my referral code
        </Button>
      ) : null}
      <p className="mt-2 text-sm text-slate-700">
        {campaign.referrals} referral{campaign.referrals === 1 ? '' : 's'} · {campaign.points} point{campaign.points === 1 ? '' : 's'} ·{' '}
        {formatNaira(campaign.earnedKobo)}
      </p>
    </li>
  );
}

function WithdrawalForm({ availableKobo, waiting }: { availableKobo: number; waiting: boolean }) {
  const request = useRequestWithdrawal();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<WithdrawalRequestInput, unknown, WithdrawalRequestValues>({ resolver: zodResolver(withdrawalRequestSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const withdrawal = await request.mutateAsync(values);
      reset(EMPTY);
      toast.success(`Withdrawal of ${formatNaira(withdrawal.amountKobo)} requested (${withdrawal.reference}).`);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  if (waiting) return <p className="text-sm text-slate-600">Your withdrawal request is waiting for the school’s approval.</p>;
  if (availableKobo <= 0) return <p className="text-sm text-slate-600">Nothing to withdraw yet: earnings appear here when an application uses your code.</p>;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Request a withdrawal" className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Amount (₦)"
          inputMode="decimal"
          hint={`At most ${formatNaira(availableKobo)}.`}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <SelectField label="Payment mode" error={errors.paymentMode?.message} {...register('paymentMode')}>
          <option value="">Select a payment mode</option>
          {WITHDRAWAL_PAYMENT_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mode}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Account details (optional)"
          placeholder="Bank, account number and name"
          className="sm:col-span-2"
          error={errors.details?.message}
          {...register('details')}
        />
      </div>
      <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Requesting…">
        Request withdrawal
      </Button>
    </form>
  );
}

/** A referrer's part of their settings page: campaigns and codes, points and earnings, withdrawals. */
export function MyReferralsSection() {
  const mine = useMyReferrals();

  return (
    <section aria-labelledby="referrals-heading" className="rounded-xl border border-slate-200 bg-white p-5 md:p-6">
      <h2 id="referrals-heading" className="text-base font-semibold text-slate-900">
        Referrals
      </h2>
      <p className="mt-1 text-sm text-slate-600">Share your code with families applying to the school. Each application that uses it earns you points.</p>
      {mine.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner size="sm" /> Loading your referrals…
        </p>
      ) : mine.isError ? (
        <LoadError error={mine.error} className="mt-4">
          <p>We could not load your referrals. {mine.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void mine.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : (
        <div className="mt-4 space-y-5">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Points', String(mine.data.points)],
              ['Earned', formatNaira(mine.data.earnedKobo)],
              ['Withdrawn', formatNaira(mine.data.withdrawnKobo)],
              ['Available', formatNaira(mine.data.availableKobo)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="text-lg font-bold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          {mine.data.campaigns.length ? (
            <ul aria-label="Referral campaigns" className="grid gap-3 md:grid-cols-2">
              {mine.data.campaigns.map((c) => (
                <CampaignCard key={c.id} campaign={c} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No referral campaign is running for you at the moment.</p>
          )}
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Withdraw earnings</h3>
            <WithdrawalForm availableKobo={mine.data.availableKobo} waiting={mine.data.pendingKobo > 0} />
          </div>
          {mine.data.withdrawals.length ? (
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Your withdrawal requests</h3>
              <ul className="divide-y divide-slate-100">
                {mine.data.withdrawals.map((w) => (
                  <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span>
                      <span className="font-semibold text-slate-900">{formatNaira(w.amountKobo)}</span>
                      <span className="text-slate-600">
                        {' '}
                        · {w.paymentMode} · {w.reference} · {formatDateTime(w.requestedAt)}
                      </span>
                      {w.note ? <span className="block text-slate-600">School’s note: {w.note}</span> : null}
                    </span>
                    <Badge status={WITHDRAWAL_STATUS_LABELS[w.status]} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { formatNaira } from '@school/shared/constants';
import { koboToNairaInput } from '@school/shared/finance/money';
import type { InvoiceSummary } from '@school/shared/finance/responses';
import {
  MANUAL_PAYMENT_MODES,
  PROOF_FIELD,
  recordPaymentSchema,
  REFERENCE_LABELS,
  REFERENCE_PLACEHOLDERS,
  type ManualPaymentMode,
  type RecordPaymentInput,
  type RecordPaymentValues,
} from '@school/shared/finance/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyServerErrors } from '@/lib/form-errors';
import { useRecordPayment } from '../api/finance-api';

/** Record a Cash, Bank Transfer or POS payment against an invoice, with an optional proof; the reference is optional for Cash (ADR 0037). */
export function RecordPaymentModal({ invoice, onClose }: { invoice: InvoiceSummary | null; onClose: () => void }) {
  const record = useRecordPayment();
  const [formError, setFormError] = useState<string | null>(null);
  const [proof, setProof] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RecordPaymentInput, unknown, RecordPaymentValues>({
    resolver: zodResolver(recordPaymentSchema),
    values: {
      invoiceId: invoice?.id ?? '',
      amount: invoice && invoice.balanceKobo > 0 ? koboToNairaInput(invoice.balanceKobo) : '',
      method: '' as RecordPaymentInput['method'],
      reference: '',
      payerName: '',
      payerPhone: '',
      paidOn: '',
      note: '',
    },
  });

  const method = watch('method') as ManualPaymentMode | '';

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...values, amount: koboToNairaInput(values.amount) })) if (v !== undefined && v !== '') form.append(k, String(v));
    if (proof) form.append(PROOF_FIELD, proof);
    try {
      const { payment } = await record.mutateAsync(form);
      toast.success(`Payment of ${formatNaira(payment.amountKobo)} recorded (${payment.receiptNo})`);
      onClose();
    } catch (error) {
      const message = applyServerErrors(error, setError, ['amount', 'method', 'reference', 'payerName', 'payerPhone', 'paidOn', 'note']);
      setFormError(message);
    }
  });

  return (
    <Modal
      open={Boolean(invoice)}
      onClose={onClose}
      title="Record payment"
      description={invoice ? `${invoice.studentName} · ${invoice.className} · balance ${formatNaira(invoice.balanceKobo)}` : undefined}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate aria-label="Record payment" className="space-y-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Amount (₦)" inputMode="decimal" required error={errors.amount?.message} {...register('amount')} />
          <SelectField
            label="Payment mode"
            placeholder="Select"
            options={MANUAL_PAYMENT_MODES}
            required
            error={errors.method?.message}
            {...register('method')}
          />
          <TextField
            label={method ? REFERENCE_LABELS[method] : 'Reference'}
            placeholder={method ? REFERENCE_PLACEHOLDERS[method] : 'Teller, transfer or terminal reference'}
            required={method !== 'Cash'}
            error={errors.reference?.message}
            {...register('reference')}
          />
          <TextField label="Date paid" type="date" error={errors.paidOn?.message} {...register('paidOn')} />
          <TextField label="Paid by (optional)" error={errors.payerName?.message} {...register('payerName')} />
          <TextField label="Payer phone (optional)" inputMode="tel" error={errors.payerPhone?.message} {...register('payerPhone')} />
        </div>
        <TextField label="Note (optional)" error={errors.note?.message} {...register('note')} />
        <label className="block text-sm font-medium text-slate-700">
          Proof of payment (optional: PNG, JPEG or PDF, up to 5 MB)
          <input
            type="file"
            accept="image/png,image/jpeg,application/pdf"
            className="mt-1 block w-full text-sm"
            onChange={(e) => setProof(e.target.files?.[0] ?? null)}
          />
        </label>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Recording…">
            Record payment
          </Button>
        </div>
      </form>
    </Modal>
  );
}

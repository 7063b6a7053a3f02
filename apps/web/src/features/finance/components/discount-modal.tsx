import { zodResolver } from '@hookform/resolvers/zod';
import { formatNaira } from '@school/shared/constants';
import { koboToNairaInput } from '@school/shared/finance/money';
import type { InvoiceSummary } from '@school/shared/finance/responses';
import { discountSchema, type DiscountInput } from '@school/shared/finance/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyServerErrors } from '@/lib/form-errors';
import { useAddDiscount } from '../api/finance-api';

/** A discount or waiver on one invoice, with its reason (kept on the invoice and in the audit trail). */
export function DiscountModal({ invoice, onClose }: { invoice: InvoiceSummary | null; onClose: () => void }) {
  const add = useAddDiscount();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DiscountInput, unknown, z.output<typeof discountSchema>>({ resolver: zodResolver(discountSchema), values: { amount: '', reason: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (!invoice) return;
    setFormError(null);
    try {
      await add.mutateAsync({ invoiceId: invoice.id, amount: koboToNairaInput(values.amount), reason: values.reason });
      toast.success(`Discount of ${formatNaira(values.amount)} given`);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['amount', 'reason']));
    }
  });

  return (
    <Modal
      open={Boolean(invoice)}
      onClose={onClose}
      title="Discount or waiver"
      description={invoice ? `${invoice.studentName} · fees ${formatNaira(invoice.dueKobo)}` : undefined}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Discount or waiver" className="space-y-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="Amount (₦)" inputMode="decimal" error={errors.amount?.message} {...register('amount')} />
        <TextField label="Reason" placeholder="e.g. Scholarship, staff child, sibling discount" error={errors.reason?.message} {...register('reason')} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
            Give discount
          </Button>
        </div>
      </form>
    </Modal>
  );
}

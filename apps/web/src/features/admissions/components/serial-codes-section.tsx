import { zodResolver } from '@hookform/resolvers/zod';
import type { SerialCodeBatch } from '@school/shared/admissions/responses';
import { SERIAL_CODE_BATCH_MAX, serialCodeBatchSchema, type SerialCodeBatchForm, type SerialCodeBatchInput } from '@school/shared/admissions/schemas';
import { formatNaira } from '@school/shared/constants';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { RowActions } from '@/components/ui/row-actions';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyServerErrors } from '@/lib/form-errors';
import { batchCsvUrl, useCreateSerialCodeBatch, useSerialCodeBatches } from '../api/get-serial-code-batches';
import { formatDate, formatDateTime } from '@/lib/format';
import { BatchPrintModal } from './batch-print-modal';

function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function inAYear(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function GenerateForm() {
  const create = useCreateSerialCodeBatch();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SerialCodeBatchForm, unknown, SerialCodeBatchInput>({
    resolver: zodResolver(serialCodeBatchSchema),
    defaultValues: { quantity: '', price: '', expiresOn: inAYear() },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { batch } = await create.mutateAsync(values);
      toast.success(`${batch.quantity} serial code${batch.quantity === 1 ? '' : 's'} generated`);
      reset({ quantity: '', price: '', expiresOn: values.expiresOn });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['quantity', 'price', 'expiresOn']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Generate serial codes" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 className="text-base font-semibold text-slate-900">Generate a batch</h3>
      <p className="mt-1 text-sm text-slate-600">Each code is a random 12-digit number that opens your application form once.</p>
      {formError ? <Alert className="mt-3">{formError}</Alert> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <TextField
          label="How many"
          type="number"
          inputMode="numeric"
          min={1}
          max={SERIAL_CODE_BATCH_MAX}
          placeholder="e.g. 100"
          error={errors.quantity?.message}
          {...register('quantity')}
        />
        <TextField label="Price (₦)" inputMode="decimal" placeholder="e.g. 5000" error={errors.price?.message} {...register('price')} />
        <TextField label="Expires on" type="date" error={errors.expiresOn?.message} {...register('expiresOn')} />
      </div>
      <div className="mt-4 flex justify-end">
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Generating…">
          Generate codes
        </Button>
      </div>
    </form>
  );
}

/** admin/admissions: generate serial codes, see each batch's use, print or export it. */
export function SerialCodesSection() {
  const batches = useSerialCodeBatches();
  const [printing, setPrinting] = useState<string | null>(null);

  const columns: Array<TableColumn<SerialCodeBatch>> = [
    {
      name: 'Generated',
      minWidth: '8rem',
      cell: (b) => (
        <div className="py-2">
          <p className="sm:whitespace-nowrap">{formatDateTime(b.createdAt)}</p>
          {/* on phones the price and expiry columns are hidden; say them here */}
          <p className="text-xs text-slate-600 sm:hidden">
            {b.quantity} codes · {formatNaira(b.priceKobo)} · {b.expired ? 'expired' : 'until'} {formatDate(b.expiresOn)}
          </p>
        </div>
      ),
    },
    { name: 'Codes', selector: (b) => b.quantity, width: '5.5rem', hide: Media.SM },
    { name: 'Price', cell: (b) => <span className="whitespace-nowrap">{formatNaira(b.priceKobo)}</span>, hide: Media.SM },
    {
      name: 'Expires',
      minWidth: '8rem',
      cell: (b) => (
        <div className="flex flex-wrap items-center gap-1.5 py-1">
          <span className="whitespace-nowrap">{formatDate(b.expiresOn)}</span>
          {b.expired ? <Badge status="Expired" /> : null}
        </div>
      ),
      hide: Media.SM,
    },
    { name: 'Used', selector: (b) => b.used, width: '5rem', hide: Media.SM },
    { name: 'Unused', selector: (b) => b.unused, width: '5rem' },
    {
      name: 'Actions',
      width: '6.5rem',
      right: true,
      cell: (b) => (
        <RowActions
          actions={[
            { type: 'print', label: `Print the codes generated ${formatDateTime(b.createdAt)}`, onClick: () => setPrinting(b.id) },
            { type: 'download', label: `Download the codes generated ${formatDateTime(b.createdAt)} as CSV`, onClick: () => download(batchCsvUrl(b.id)) },
          ]}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="serial-codes-heading" className="space-y-4">
      <div>
        <h2 id="serial-codes-heading" className="text-lg font-semibold text-slate-900">
          Serial codes
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Sell or hand out these codes; an applicant enters one at <span className="font-medium">/auth/serial-code</span> to open your application form.
        </p>
      </div>
      <GenerateForm />
      {batches.isError ? (
        <LoadError error={batches.error}>
          <p>We could not load the batches. {batches.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void batches.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : null}
      <DataTable<SerialCodeBatch>
        ariaLabel="Serial code batches"
        title="Batches"
        columns={columns}
        data={batches.data?.items ?? []}
        progressPending={batches.isPending}
      />
      {printing ? <BatchPrintModal id={printing} onClose={() => setPrinting(null)} /> : null}
    </section>
  );
}

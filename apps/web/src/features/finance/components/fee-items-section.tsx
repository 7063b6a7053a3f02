import { zodResolver } from '@hookform/resolvers/zod';
import { CLASS_LEVELS, formatNaira } from '@school/shared/constants';
import { koboToNairaInput } from '@school/shared/finance/money';
import type { FeeItem } from '@school/shared/finance/responses';
import { feeItemSchema, type FeeItemInput, type FeeItemValues } from '@school/shared/finance/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { RowActions } from '@/components/ui/row-actions';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useDeleteFeeItem, useFeeItems, useSaveFeeItem } from '../api/finance-api';

function FeeItemForm({ termId, editing, onDone }: { termId: string; editing: FeeItem | null; onDone: () => void }) {
  const save = useSaveFeeItem();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FeeItemInput, unknown, FeeItemValues>({
    resolver: zodResolver(feeItemSchema),
    values: editing
      ? {
          termId,
          classLevel: editing.classLevel as FeeItemInput['classLevel'],
          name: editing.name,
          amount: koboToNairaInput(editing.amountKobo),
          acceptance: editing.acceptance,
        }
      : { termId, classLevel: '' as FeeItemInput['classLevel'], name: '', amount: '', acceptance: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: editing?.id, values: { ...values, amount: koboToNairaInput(values.amount) } });
      toast.success(editing ? 'Fee item updated' : 'Fee item added');
      reset({ termId, classLevel: values.classLevel, name: '', amount: '', acceptance: false });
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['termId', 'classLevel', 'name', 'amount']));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? 'Edit fee item' : 'Add fee item'}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h3 className="text-base font-semibold text-slate-900">{editing ? `Edit ${editing.name}` : 'Add a fee item'}</h3>
      {formError ? <Alert className="mt-3">{formError}</Alert> : null}
      {errors.termId?.message ? <Alert className="mt-3">{errors.termId.message}</Alert> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <SelectField label="Class" placeholder="Select a class" options={CLASS_LEVELS} error={errors.classLevel?.message} {...register('classLevel')} />
        <TextField label="Fee name" placeholder="e.g. Tuition, PTA, Books" error={errors.name?.message} {...register('name')} />
        <TextField label="Amount (₦)" inputMode="decimal" placeholder="e.g. 45000 or 45000.50" error={errors.amount?.message} {...register('amount')} />
      </div>
      <label className="mt-4 flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className="mt-0.5 size-4" {...register('acceptance')} />
        <span>
          Acceptance fee (billed only to students admitted through an application this session; admissions show Payment Status Complete once it is paid)
        </span>
      </label>
      <div className="mt-4 flex justify-end gap-2">
        {editing ? (
          <Button type="button" variant="gray" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
          {editing ? 'Save fee item' : 'Add fee item'}
        </Button>
      </div>
    </form>
  );
}

/** The term's fee items per class level (tuition, PTA, books, uniform…). */
export function FeeItemsSection({ termId }: { termId: string }) {
  const items = useFeeItems(termId);
  const remove = useDeleteFeeItem();
  const [editing, setEditing] = useState<FeeItem | null>(null);

  const columns: TableColumn<FeeItem>[] = [
    { name: 'Class', selector: (r) => r.classLevel, sortable: true },
    {
      name: 'Fee',
      cell: (r) => (
        <span>
          {r.name} {r.acceptance ? <Badge status="Acceptance" tone="yellow" className="ml-1" /> : null}
        </span>
      ),
      grow: 2,
    },
    { name: 'Amount', cell: (r) => <span className="whitespace-nowrap">{formatNaira(r.amountKobo)}</span>, right: true },
    {
      name: 'Action',
      cell: (r) => (
        <RowActions
          rowLabel={`${r.name} (${r.classLevel})`}
          actions={[
            { type: 'edit', onClick: () => setEditing(r) },
            {
              type: 'delete',
              confirm: { title: `Delete ${r.name} for ${r.classLevel}?`, message: 'Only a fee not yet on any invoice can be deleted.', confirmLabel: 'Delete' },
              onClick: async () => {
                try {
                  await remove.mutateAsync(r.id);
                  toast.success('Fee item deleted');
                } catch (error) {
                  toast.error(isApiError(error) ? error.message : 'The fee item could not be deleted');
                }
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="space-y-5">
      <FeeItemForm key={editing?.id ?? 'new'} termId={termId} editing={editing} onDone={() => setEditing(null)} />
      {items.isError ? <LoadError error={items.error}>Fee items could not be loaded.</LoadError> : null}
      <DataTable<FeeItem> ariaLabel="Fee items" columns={columns} data={items.data?.items ?? []} progressPending={items.isPending} />
    </div>
  );
}

import type { ResultPin, ResultPinBatch } from '@school/shared/report-cards/responses';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatPin, generatePinsSchema, RESULT_PIN, type GeneratePinsInput, type GeneratePinsValues } from '@school/shared/report-cards/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Media } from 'react-data-table-component';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { Drawer } from '@/components/ui/drawer';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { applyServerErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { batchCsvUrl, useBatchPins, useGeneratePins, useResultPinBatches } from '../api/result-pins';
import '../components/report-card-print.css';

function GenerateForm({ onDone }: { onDone: (batch: ResultPinBatch) => void }) {
  const generate = useGeneratePins();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GeneratePinsValues, unknown, GeneratePinsInput>({
    resolver: zodResolver(generatePinsSchema),
    defaultValues: { quantity: '50', maxViews: String(RESULT_PIN.defaultViews), note: '' },
  });
  const onValid = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const batch = await generate.mutateAsync(input);
      toast.success(`${batch.quantity} PINs generated`);
      onDone(batch);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['quantity', 'maxViews', 'note']));
    }
  });
  return (
    <form onSubmit={onValid} noValidate className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">Generate PINs</h2>
      <p className="mt-0.5 text-sm text-slate-600">
        Each PIN opens one student&apos;s results: it belongs to the first student it is used for, for the number of views you set.
      </p>
      {formError ? <Alert className="mt-3">{formError}</Alert> : null}
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <TextField label="Quantity" inputMode="numeric" error={errors.quantity?.message} {...register('quantity')} />
        <TextField label="Views per PIN" inputMode="numeric" error={errors.maxViews?.message} {...register('maxViews')} />
        <TextField label="Note (optional)" placeholder="e.g. Second term 2023/24" error={errors.note?.message} {...register('note')} />
      </div>
      <Button type="submit" variant="primary" className="mt-3" loading={generate.isPending} loadingText="Generating…">
        Generate
      </Button>
    </form>
  );
}

function BatchDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const pins = useBatchPins(id);
  const columns: TableColumn<ResultPin>[] = [
    { name: 'PIN', cell: (row) => <span className="font-mono text-sm">{formatPin(row.pin)}</span>, minWidth: '10rem' },
    { name: 'Views used', selector: (row) => `${row.viewsUsed} of ${row.maxViews}`, width: '7rem' },
    { name: 'Student', selector: (row) => row.student?.name ?? 'Not used yet', wrap: true, hide: Media.SM },
  ];
  return (
    <Drawer
      open
      size="lg"
      onClose={onClose}
      title="PINs of the batch"
      footer={
        <>
          <Button variant="gray" onClick={onClose}>
            Close
          </Button>
          <a href={batchCsvUrl(id)} download className={buttonClasses({ variant: 'secondary' })}>
            Download CSV
          </a>
          <Button variant="primary" onClick={() => window.print()} disabled={!pins.data}>
            Print
          </Button>
        </>
      }
    >
      {pins.isPending ? <PageSpinner label="Loading the PINs" /> : null}
      {pins.isError ? <Alert>{pins.error.message}</Alert> : null}
      {pins.data ? (
        <>
          <DataTable<ResultPin> ariaLabel="PINs" columns={columns} data={pins.data.pins} paginationPerPage={30} />
          {/* what the printer gets: a sheet of PIN slips to cut out */}
          <div className="report-card-print hidden print:block">
            <div className="grid grid-cols-3 gap-2">
              {pins.data.pins.map((p) => (
                <div key={p.id} className="break-inside-avoid rounded border border-dashed border-slate-500 p-2 text-center">
                  <p className="text-[8pt]">Result-checker PIN · {p.maxViews} views</p>
                  <p className="font-mono text-[12pt] font-bold">{formatPin(p.pin)}</p>
                </div>
              ))}
            </div>
          </div>
        </>
      ) : null}
    </Drawer>
  );
}

/** admin/records/result-pins: result-checker PIN batches, to print or export and hand out. */
export function Component() {
  useDocumentTitle('Result PINs');
  const batches = useResultPinBatches();
  const [open, setOpen] = useState<string | null>(null);
  const columns: TableColumn<ResultPinBatch>[] = [
    { name: 'Generated', selector: (row) => formatDateTime(row.createdAt), minWidth: '10rem' },
    { name: 'PINs', selector: (row) => row.quantity, width: '5rem' },
    { name: 'Views each', selector: (row) => row.maxViews, width: '6rem', hide: Media.SM },
    { name: 'Used', selector: (row) => `${row.used} of ${row.quantity}`, width: '7rem' },
    { name: 'Note', selector: (row) => row.note ?? '', wrap: true, hide: Media.MD },
    {
      name: 'Action',
      button: true,
      width: '7rem',
      cell: (row) => (
        <Button variant="gray" size="sm" onClick={() => setOpen(row.id)}>
          View PINs
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Result PINs"
        description="When the school asks for result-checker PINs (Settings → Results), students and parents enter one to open a term's results and report card."
        actions={
          <Link to="/admin/records/report-cards" className="text-sm font-semibold text-secondary hover:underline">
            Report cards
          </Link>
        }
      />
      <div className="no-print mb-4">
        <GenerateForm onDone={(batch) => setOpen(batch.id)} />
      </div>
      {batches.isError ? (
        <LoadError error={batches.error} className="mb-4">
          <p>We could not load the PIN batches. {batches.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void batches.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : null}
      <DataTable<ResultPinBatch> ariaLabel="PIN batches" columns={columns} data={batches.data?.items ?? []} progressPending={batches.isPending} />
      {open ? <BatchDrawer id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

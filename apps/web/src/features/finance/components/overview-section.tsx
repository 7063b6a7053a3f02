import { formatNaira } from '@school/shared/constants';
import type { ClassTotals } from '@school/shared/finance/responses';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useFeesSummary, useGenerateInvoices } from '../api/finance-api';

/** Expected / collected / outstanding for the term, per class, and the invoice generation. */
export function OverviewSection({ termId, termName }: { termId: string; termName: string }) {
  const summary = useFeesSummary(termId);
  const generate = useGenerateInvoices();
  const [confirm, setConfirm] = useState(false);
  const s = summary.data?.summary;

  async function run() {
    try {
      const result = await generate.mutateAsync(termId);
      toast.success(
        result.created === 0 && result.linesAdded === 0
          ? 'Invoices are up to date'
          : `${result.created} invoice${result.created === 1 ? '' : 's'} created, ${result.linesAdded} fee line${result.linesAdded === 1 ? '' : 's'} added`,
      );
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Invoices could not be generated');
    } finally {
      setConfirm(false);
    }
  }

  const columns: TableColumn<ClassTotals>[] = [
    { name: 'Class', selector: (r) => r.className, sortable: true },
    { name: 'Invoices', selector: (r) => r.invoices, right: true, hide: Media.SM },
    { name: 'Expected', cell: (r) => <span className="whitespace-nowrap">{formatNaira(r.expectedKobo)}</span>, right: true },
    { name: 'Collected', cell: (r) => <span className="whitespace-nowrap">{formatNaira(r.collectedKobo)}</span>, right: true },
    { name: 'Outstanding', cell: (r) => <span className="whitespace-nowrap">{formatNaira(r.outstandingKobo)}</span>, right: true },
  ];

  const cards = [
    { label: 'Expected', value: s?.expectedKobo },
    { label: 'Collected', value: s?.collectedKobo },
    { label: 'Outstanding', value: s?.outstandingKobo },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          Make an invoice for every student enrolled this term, from the fee items of their class. Running it again adds only what is missing (new students, new
          fee items).
        </p>
        <Button variant="primary" onClick={() => setConfirm(true)} className="shrink-0">
          Generate invoices
        </Button>
      </div>
      {summary.isError ? <LoadError error={summary.error}>Totals could not be loaded.</LoadError> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {cards.map((c) => (
          <div key={c.label} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">{c.label}</p>
            <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`total-${c.label.toLowerCase()}`}>
              {c.value === undefined ? '–' : formatNaira(c.value)}
            </p>
          </div>
        ))}
      </div>
      {s ? (
        <p className="text-sm text-slate-600">
          {s.complete} invoice{s.complete === 1 ? '' : 's'} Complete, {s.incomplete} InComplete
        </p>
      ) : null}
      <DataTable<ClassTotals>
        ariaLabel="Totals per class"
        columns={columns}
        data={s?.classes ?? []}
        progressPending={summary.isPending}
        pagination={false}
        keyField="classId"
      />
      <ConfirmDialog
        open={confirm}
        title={`Generate invoices for the ${termName}?`}
        message="Students who already have an invoice keep it; fee items not yet on it are added."
        confirmLabel="Generate invoices"
        loading={generate.isPending}
        onConfirm={() => void run()}
        onCancel={() => setConfirm(false)}
      />
    </div>
  );
}

import { formatNaira, PAYMENT_MODES, PAYMENT_STATUSES } from '@school/shared/constants';
import type { Payment } from '@school/shared/finance/responses';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { RowActions, type RowAction } from '@/components/ui/row-actions';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { receiptPdfUrl, usePayments, useReversePayment } from '../api/finance-api';
import { download } from './download';
import { ReceiptModal } from './receipt-modal';

function ReverseModal({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const reverse = useReversePayment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!payment) return;
    if (!reason.trim()) {
      setError('Reason is required');
      return;
    }
    try {
      await reverse.mutateAsync({ id: payment.id, reason: reason.trim() });
      toast.success(`Payment ${payment.txnId ?? ''} reversed`);
      onClose();
    } catch (err) {
      setError(isApiError(err) ? (err.errors.reason ?? err.message) : 'The payment could not be reversed');
    }
  }
  return (
    <Modal
      open={Boolean(payment)}
      onClose={onClose}
      role="alertdialog"
      title="Reverse this payment?"
      description={
        payment
          ? `${payment.name} · ${formatNaira(payment.amountKobo)} · ${payment.paymentMode} ${payment.txnId ?? ''}. The payment stays on record; a reversal entry of ${formatNaira(-payment.amountKobo)} is added.`
          : undefined
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Reverse payment">
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error}
          placeholder="e.g. Recorded against the wrong student"
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={reverse.isPending} loadingText="Reversing…">
            Reverse payment
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The payments table: the spec's columns (name, date, txnId, amount, phone, payment mode, status) with filters. */
export function PaymentsSection({ termId }: { termId: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [status, setStatus] = useState('');
  const [method, setMethod] = useState('');
  const [search, setSearch] = useState('');
  const [reversing, setReversing] = useState<Payment | null>(null);
  const [receipt, setReceipt] = useState<string | null>(null);
  const list = usePayments({ page, pageSize, termId, status: status || undefined, method: method || undefined, search: search.trim() || undefined });

  const columns: TableColumn<Payment>[] = [
    {
      name: 'Name',
      grow: 2,
      minWidth: '8rem',
      cell: (r) => (
        <div className="min-w-0 py-2">
          <p className="font-medium text-slate-900">{r.name}</p>
          {/* on phones the other columns are hidden; say them here */}
          <p className="text-xs text-slate-600 sm:hidden">
            {formatDateTime(r.date)} · {r.paymentMode}
          </p>
        </div>
      ),
    },
    { name: 'Date', minWidth: '9.5rem', cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.date)}</span>, hide: Media.SM },
    {
      name: 'Txn ID',
      minWidth: '8rem',
      cell: (r) => <span className="font-mono text-xs break-all">{r.txnId ?? (r.reversesPaymentId ? 'Reversal' : '')}</span>,
      hide: Media.MD,
    },
    { name: 'Amount', minWidth: '8rem', cell: (r) => <span className="whitespace-nowrap">{formatNaira(r.amountKobo)}</span>, right: true },
    { name: 'Phone', minWidth: '8rem', cell: (r) => <span className="whitespace-nowrap">{r.phone ?? ''}</span>, hide: Media.MD },
    { name: 'Payment Mode', minWidth: '8.5rem', selector: (r) => r.paymentMode, hide: Media.SM },
    { name: 'Status', cell: (r) => <Badge status={r.reversed ? 'Reversed' : r.status} /> },
    {
      name: 'Action',
      cell: (r) => {
        const actions: RowAction[] = [];
        if (r.receiptNo) {
          actions.push({ type: 'view', label: `View receipt ${r.receiptNo}`, onClick: () => setReceipt(r.id) });
          actions.push({ type: 'download', label: `Download receipt ${r.receiptNo}`, onClick: () => download(receiptPdfUrl(r.id)) });
        }
        if (r.status === 'Success' && !r.reversed && !r.reversesPaymentId && r.amountKobo > 0) {
          actions.push({ type: 'archive', label: `Reverse payment ${r.txnId ?? ''}`, onClick: () => setReversing(r) });
        }
        return <RowActions rowLabel={r.name} actions={actions} />;
      },
    },
  ];

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          options={[{ value: '', label: 'All' }, ...PAYMENT_STATUSES]}
        />
        <SelectField
          label="Payment mode"
          value={method}
          onChange={(e) => {
            setMethod(e.target.value);
            setPage(1);
          }}
          options={[{ value: '', label: 'All' }, ...PAYMENT_MODES]}
        />
        <TextField
          label="Search"
          type="search"
          placeholder="Name, registration number or reference"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {list.isError ? <LoadError error={list.error}>Payments could not be loaded.</LoadError> : null}
      <DataTable<Payment>
        key={`${status}|${method}|${search}`}
        ariaLabel="Payments"
        columns={columns}
        data={list.data?.items ?? []}
        progressPending={list.isPending}
        paginationServer
        paginationTotalRows={list.data?.total ?? 0}
        paginationPerPage={pageSize}
        onChangePage={setPage}
        onChangeRowsPerPage={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      <ReverseModal key={reversing?.id ?? 'none'} payment={reversing} onClose={() => setReversing(null)} />
      <ReceiptModal paymentId={receipt} onClose={() => setReceipt(null)} />
    </div>
  );
}

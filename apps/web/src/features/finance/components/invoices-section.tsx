import { formatNaira } from '@school/shared/constants';
import type { InvoiceSummary } from '@school/shared/finance/responses';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { Drawer } from '@/components/ui/drawer';
import { LoadError } from '@/components/ui/load-error';
import { RowActions } from '@/components/ui/row-actions';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { debtorsCsvUrl, useFinanceClasses, useInvoice, useInvoices, useSendReminders } from '../api/finance-api';
import { DiscountModal } from './discount-modal';
import { download } from './download';
import { ReceiptModal } from './receipt-modal';
import { RecordPaymentModal } from './record-payment-modal';

const FEE_FILTER_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'complete', label: 'Complete' },
  { value: 'incomplete', label: 'InComplete (debtors)' },
];

function InvoiceDrawer({
  id,
  onClose,
  onPay,
  onDiscount,
  onReceipt,
}: {
  id: string | null;
  onClose: () => void;
  onPay: (i: InvoiceSummary) => void;
  onDiscount: (i: InvoiceSummary) => void;
  onReceipt: (paymentId: string) => void;
}) {
  const detail = useInvoice(id);
  const invoice = detail.data?.invoice;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      title={invoice ? `Invoice · ${invoice.studentName}` : 'Invoice'}
      footer={
        invoice ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="gray" onClick={() => onDiscount(invoice)}>
              Discount or waiver
            </Button>
            <Button variant="primary" onClick={() => onPay(invoice)}>
              Record payment
            </Button>
          </div>
        ) : null
      }
    >
      {detail.isPending ? <p className="text-sm text-slate-600">Loading...</p> : null}
      {detail.isError ? <LoadError error={detail.error}>The invoice could not be loaded.</LoadError> : null}
      {invoice ? (
        <div className="space-y-6 text-sm">
          <p className="text-slate-600">
            {invoice.registrationNo} · {invoice.className} · {invoice.termName} Term {invoice.sessionName}
          </p>
          <section>
            <h3 className="mb-2 font-semibold text-slate-900">Fees</h3>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {invoice.lines.map((l) => (
                <li key={l.id} className="flex justify-between gap-3 px-3 py-2">
                  <span>
                    {l.description}
                    {l.reason ? <span className="block text-xs text-slate-500">{l.reason}</span> : null}
                  </span>
                  <span className="whitespace-nowrap">{formatNaira(l.amountKobo)}</span>
                </li>
              ))}
              <li className="flex justify-between px-3 py-2 font-semibold">
                <span>Total</span>
                <span>{formatNaira(invoice.dueKobo)}</span>
              </li>
            </ul>
          </section>
          <section>
            <h3 className="mb-2 font-semibold text-slate-900">Payments</h3>
            {invoice.payments.length === 0 ? <p className="text-slate-600">No payments yet.</p> : null}
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {invoice.payments.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span>
                    {formatDateTime(p.date)} · {p.paymentMode} · {p.txnId ?? 'Reversal'}
                    {p.reversed ? <span className="ml-1 text-xs text-red-700">(reversed)</span> : null}
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="whitespace-nowrap">{formatNaira(p.amountKobo)}</span>
                    <Badge status={p.status} />
                    {p.receiptNo ? (
                      <Button size="sm" variant="transparent" onClick={() => onReceipt(p.id)} aria-label={`View receipt ${p.receiptNo}`}>
                        Receipt
                      </Button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-3 text-center">
            <div>
              <dt className="text-xs text-slate-500">Fees</dt>
              <dd className="font-semibold">{formatNaira(invoice.dueKobo)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Paid</dt>
              <dd className="font-semibold">{formatNaira(invoice.paidKobo)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{invoice.balanceKobo < 0 ? 'Credit' : 'Balance'}</dt>
              <dd className="font-semibold">{formatNaira(Math.abs(invoice.balanceKobo))}</dd>
            </div>
          </dl>
        </div>
      ) : null}
    </Drawer>
  );
}

/** The term's invoices with fee status; debtors (InComplete) export as CSV and get reminder mails. */
export function InvoicesSection({ termId }: { termId: string }) {
  const [classId, setClassId] = useState('');
  const [feeStatus, setFeeStatus] = useState<'all' | 'complete' | 'incomplete'>('all');
  const [search, setSearch] = useState('');
  const [viewing, setViewing] = useState<string | null>(null);
  const [paying, setPaying] = useState<InvoiceSummary | null>(null);
  const [discounting, setDiscounting] = useState<InvoiceSummary | null>(null);
  const [confirmReminders, setConfirmReminders] = useState(false);
  const [receipt, setReceipt] = useState<string | null>(null);
  const classes = useFinanceClasses(termId);
  const list = useInvoices({ termId, classId: classId || undefined, feeStatus, search: search.trim() || undefined });
  const reminders = useSendReminders();

  const columns: TableColumn<InvoiceSummary>[] = [
    { name: 'Registration Number', selector: (r) => r.registrationNo, sortable: true, hide: Media.MD },
    {
      name: 'Name of Student',
      selector: (r) => r.studentName,
      sortable: true,
      grow: 2,
      minWidth: '10rem',
      cell: (r) => (
        <div className="min-w-0 py-2">
          <p className="font-medium text-slate-900">{r.studentName}</p>
          {/* on phones the other columns are hidden; say them here */}
          <p className="flex flex-wrap items-center gap-1 text-xs text-slate-600 sm:hidden">
            {r.className} <Badge status={r.feeStatus} />
          </p>
        </div>
      ),
    },
    { name: 'Class', selector: (r) => r.className, sortable: true, hide: Media.SM },
    { name: 'Fees', cell: (r) => <span className="whitespace-nowrap">{formatNaira(r.dueKobo)}</span>, right: true, hide: Media.MD },
    { name: 'Paid', cell: (r) => <span className="whitespace-nowrap">{formatNaira(r.paidKobo)}</span>, right: true, hide: Media.SM },
    {
      name: 'Balance',
      cell: (r) => <span className="whitespace-nowrap">{formatNaira(r.balanceKobo)}</span>,
      right: true,
      sortable: true,
      selector: (r) => r.balanceKobo,
    },
    { name: 'Fee Status', cell: (r) => <Badge status={r.feeStatus} />, hide: Media.SM },
    {
      name: 'Action',
      cell: (r) => (
        <RowActions
          rowLabel={r.studentName}
          actions={[
            { type: 'view', label: `View invoice of ${r.studentName}`, onClick: () => setViewing(r.id) },
            { type: 'edit', label: `Record payment for ${r.studentName}`, onClick: () => setPaying(r) },
          ]}
        />
      ),
    },
  ];

  async function sendReminders() {
    try {
      const result = await reminders.mutateAsync({ termId, classId: classId || undefined });
      toast.success(
        `Reminders sent to ${result.sent} guardian${result.sent === 1 ? '' : 's'} of ${result.debtors} debtor${result.debtors === 1 ? '' : 's'}` +
          (result.withoutEmail ? ` (${result.withoutEmail} without a guardian email)` : ''),
      );
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Reminders could not be sent');
    } finally {
      setConfirmReminders(false);
    }
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Class"
          value={classId}
          onChange={(e) => setClassId(e.target.value)}
          options={[{ value: '', label: 'All classes' }, ...(classes.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))]}
        />
        <SelectField label="Fee status" value={feeStatus} onChange={(e) => setFeeStatus(e.target.value as typeof feeStatus)} options={FEE_FILTER_OPTIONS} />
        <TextField label="Search" type="search" placeholder="Name or registration number" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="gray" onClick={() => download(debtorsCsvUrl({ termId, classId: classId || undefined }))}>
          Export debtors (CSV)
        </Button>
        <Button variant="secondary" onClick={() => setConfirmReminders(true)}>
          Send reminders to debtors
        </Button>
      </div>
      {list.isError ? <LoadError error={list.error}>Invoices could not be loaded.</LoadError> : null}
      <DataTable<InvoiceSummary>
        ariaLabel="Invoices"
        columns={columns}
        data={list.data?.items ?? []}
        progressPending={list.isPending}
        noDataComponent={<p className="p-6 text-sm text-slate-600">There are no records to display. Add fee items, then generate the term’s invoices.</p>}
      />
      <InvoiceDrawer
        id={viewing}
        onClose={() => setViewing(null)}
        onPay={(i) => {
          setViewing(null);
          setPaying(i);
        }}
        onDiscount={(i) => {
          setViewing(null);
          setDiscounting(i);
        }}
        onReceipt={(p) => {
          setViewing(null);
          setReceipt(p);
        }}
      />
      <ReceiptModal paymentId={receipt} onClose={() => setReceipt(null)} />
      <RecordPaymentModal key={paying?.id ?? 'none'} invoice={paying} onClose={() => setPaying(null)} />
      <DiscountModal key={`d-${discounting?.id ?? 'none'}`} invoice={discounting} onClose={() => setDiscounting(null)} />
      <ConfirmDialog
        open={confirmReminders}
        title="Send fee reminders?"
        message="Each guardian with an email address of a student who still owes fees this term (in the chosen class) gets a reminder with the balance."
        confirmLabel="Send reminders"
        loading={reminders.isPending}
        onConfirm={() => void sendReminders()}
        onCancel={() => setConfirmReminders(false)}
      />
    </div>
  );
}

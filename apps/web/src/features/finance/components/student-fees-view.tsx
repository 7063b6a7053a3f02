import { formatNaira } from '@school/shared/constants';
import { koboToNairaInput, nairaToKobo } from '@school/shared/finance/money';
import type { InvoiceDetail, StudentFees } from '@school/shared/finance/responses';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { usePayOnline, useStudentFees, useVerifyPayment } from '../api/finance-api';
import { ReceiptModal } from './receipt-modal';

function PayModal({ studentId, invoice, onClose }: { studentId: string; invoice: InvoiceDetail | null; onClose: () => void }) {
  const pay = usePayOnline(studentId);
  const [amount, setAmount] = useState(invoice ? koboToNairaInput(invoice.balanceKobo) : '');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!invoice) return;
    const kobo = nairaToKobo(amount);
    if (!amount.trim()) return setError('Amount is required');
    if (kobo === null || kobo <= 0) return setError('Enter an amount in naira, e.g. 15000 or 15000.50');
    if (kobo > invoice.balanceKobo) return setError(`The amount can be at most the balance (${formatNaira(invoice.balanceKobo)})`);
    setError(undefined);
    try {
      const started = await pay.mutateAsync({ invoiceId: invoice.id, amount: koboToNairaInput(kobo) });
      window.location.assign(started.authorizationUrl);
    } catch (err) {
      setError(isApiError(err) ? (err.errors.amount ?? err.message) : 'The payment could not be started');
    }
  }

  return (
    <Modal
      open={Boolean(invoice)}
      onClose={onClose}
      title="Pay school fees online"
      description={invoice ? `${invoice.termName} Term ${invoice.sessionName} · balance ${formatNaira(invoice.balanceKobo)}` : undefined}
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Pay online">
        <TextField
          label="Amount to pay (₦)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error}
          hint="Pay the whole balance or part of it."
        />
        <p className="text-xs text-slate-500">You will be taken to Paystack to pay by card, bank or transfer, then brought back here.</p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={pay.isPending} loadingText="Opening Paystack…">
            Continue to Paystack
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** After Paystack sends the payer back (?reference=…): verify once and say what happened. */
function useReturnFromPaystack(studentId: string) {
  const [params, setParams] = useSearchParams();
  const verify = useVerifyPayment(studentId);
  const reference = params.get('reference') ?? params.get('trxref');
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!reference || done.current === reference) return;
    done.current = reference;
    verify
      .mutateAsync(reference)
      .then((r) => {
        if (r.status === 'Success') toast.success(r.message);
        else if (r.status === 'Failed') toast.error(r.message);
        else toast.info(r.message);
      })
      .catch((err) => toast.error(isApiError(err) ? err.message : 'The payment could not be checked'))
      .finally(() => setParams({}, { replace: true }));
  }, [reference, verify, setParams]);
  return verify.isPending;
}

function InvoiceCard({
  invoice,
  canPay,
  onPay,
  onReceipt,
}: {
  invoice: InvoiceDetail;
  canPay: boolean;
  onPay: () => void;
  onReceipt: (paymentId: string) => void;
}) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5" aria-label={`${invoice.termName} Term ${invoice.sessionName}`}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold text-slate-900">
            {invoice.termName} Term {invoice.sessionName}
          </h2>
          <p className="text-sm text-slate-600">{invoice.className}</p>
        </div>
        <Badge status={invoice.feeStatus} />
      </header>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {invoice.lines.map((l) => (
          <li key={l.id} className="flex justify-between gap-3 py-1.5">
            <span>{l.kind === 'discount' ? `Discount${l.reason ? ` (${l.reason})` : ''}` : l.description}</span>
            <span className="whitespace-nowrap">{formatNaira(l.amountKobo)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-3 text-center text-sm">
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
          <dd className="font-semibold" data-testid="invoice-balance">
            {formatNaira(Math.abs(invoice.balanceKobo))}
          </dd>
        </div>
      </dl>
      {invoice.payments.length > 0 ? (
        <section className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Payments and receipts</h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {invoice.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-slate-700">
                  {formatDateTime(p.date)} · {p.paymentMode}
                  {p.receiptNo ? ` · ${p.receiptNo}` : ''}
                </span>
                <span className="flex items-center gap-2">
                  <span className="whitespace-nowrap">{formatNaira(p.amountKobo)}</span>
                  <Badge status={p.reversed ? 'Reversed' : p.status} />
                  {p.receiptNo && !p.reversed ? (
                    <Button size="sm" variant="transparent" onClick={() => onReceipt(p.id)} aria-label={`View receipt ${p.receiptNo}`}>
                      Receipt
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {invoice.balanceKobo > 0 && canPay ? (
        <div className="mt-4 flex justify-end">
          <Button variant="primary" onClick={onPay}>
            Pay {formatNaira(invoice.balanceKobo)}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

function HowToPay({ fees }: { fees: StudentFees }) {
  return (
    <Alert tone="info">
      Online payment is not available for your school yet. Please pay at the school’s bursary or by bank transfer, quoting the registration number{' '}
      <strong>{fees.student.registrationNo}</strong>
      {fees.school.phone || fees.school.email ? ` (questions: ${[fees.school.phone, fees.school.email].filter(Boolean).join(', ')})` : ''}. Your receipt appears
      here once the school records the payment.
    </Alert>
  );
}

/** student/fees/{id} and the parent's child fees page: invoices, paid, balance, receipts, Pay. */
export function StudentFeesView({ studentId, canPay = true }: { studentId: string; canPay?: boolean }) {
  const fees = useStudentFees(studentId);
  const verifying = useReturnFromPaystack(studentId);
  const [paying, setPaying] = useState<InvoiceDetail | null>(null);
  const [receipt, setReceipt] = useState<string | null>(null);

  if (fees.isPending) return <Spinner label="Loading fees" />;
  if (fees.isError)
    return (
      <LoadError error={fees.error} area="School Fees">
        {isApiError(fees.error) && fees.error.status === 404 ? 'This student was not found.' : 'School fees could not be loaded.'}{' '}
        <Button variant="gray" size="sm" onClick={() => void fees.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  const data = fees.data;
  return (
    <div className="space-y-5">
      {verifying ? <Alert tone="info">Checking your payment with Paystack…</Alert> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-600">Outstanding</p>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="fees-outstanding">
            {formatNaira(data.outstandingKobo)}
          </p>
        </div>
        {data.creditKobo > 0 ? (
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">Credit</p>
            <p className="mt-1 text-2xl font-bold text-slate-900">{formatNaira(data.creditKobo)}</p>
            <p className="text-xs text-slate-500">Paid beyond the fees; the school carries it forward.</p>
          </div>
        ) : null}
      </div>
      {canPay && !data.onlinePayment && data.outstandingKobo > 0 ? <HowToPay fees={data} /> : null}
      {data.invoices.length === 0 ? <EmptyState title="No invoices yet" description="The school has not issued fees for this student yet." /> : null}
      {data.invoices.map((invoice) => (
        <InvoiceCard key={invoice.id} invoice={invoice} canPay={canPay && data.onlinePayment} onPay={() => setPaying(invoice)} onReceipt={setReceipt} />
      ))}
      <PayModal key={paying?.id ?? 'none'} studentId={studentId} invoice={paying} onClose={() => setPaying(null)} />
      <ReceiptModal paymentId={receipt} onClose={() => setReceipt(null)} />
    </div>
  );
}

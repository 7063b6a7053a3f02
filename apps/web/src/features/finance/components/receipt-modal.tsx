import { formatNaira } from '@school/shared/constants';
import type { Receipt } from '@school/shared/finance/responses';
import { createPortal } from 'react-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { receiptPdfUrl, useReceipt } from '../api/finance-api';
import { download } from './download';

const PRINT_ONLY_RECEIPT = '@media print { body > :not(.finance-print-receipt) { display: none !important; } }';

function ReceiptBody({ r }: { r: Receipt }) {
  const rows: Array<[string, string]> = [
    ['Receipt number', r.receiptNo],
    ['Date', r.date],
    ['Received from', r.payerName],
    ['Student', `${r.studentName} (${r.registrationNo})`],
    ['Class', r.className],
    ['Term', `${r.termName} Term, ${r.sessionName}`],
  ];
  const payment: Array<[string, string]> = [
    ['Amount paid', formatNaira(r.amountKobo)],
    ['Amount in words', r.amountInWords],
    ['Payment mode', r.paymentMode],
    ['Reference', r.reference ?? '-'],
    ['Received by', r.cashier],
  ];
  const definitions = (items: Array<[string, string]>) =>
    items.map(([k, v]) => (
      <div key={k} className="contents">
        <dt className="text-slate-600">{k}</dt>
        <dd className="font-medium break-words">{v}</dd>
      </div>
    ));
  return (
    <div className="text-sm">
      <div className="flex items-center justify-center gap-3 text-center">
        {r.school.logoUrl ? <img src={r.school.logoUrl} alt={`${r.school.name} logo`} className="h-14 w-14 shrink-0 object-contain" /> : null}
        <div>
          <p className="text-lg font-bold uppercase">{r.school.name}</p>
          {r.school.place ? <p className="text-xs text-slate-600">{r.school.place}</p> : null}
        </div>
      </div>
      <p className="mt-2 text-center font-semibold tracking-wide">OFFICIAL RECEIPT</p>
      <dl className="mt-4 grid grid-cols-[minmax(6rem,9rem)_1fr] gap-x-3 gap-y-1.5">{definitions(rows)}</dl>
      <table className="mt-4 w-full text-left">
        <caption className="sr-only">Fees of the term</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1 font-semibold">
              Fees
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {r.items.map((item, i) => (
            <tr key={`${item.description}-${i}`}>
              <td className="py-0.5">{item.kind === 'discount' ? `${item.description} (discount)` : item.description}</td>
              <td className="py-0.5 text-right tabular-nums">{formatNaira(item.amountKobo)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-300 font-semibold">
            <th scope="row" className="py-0.5 font-semibold">
              Total fees
            </th>
            <td className="py-0.5 text-right tabular-nums">{formatNaira(r.dueKobo)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-0.5 font-normal">
              Paid before this payment
            </th>
            <td className="py-0.5 text-right tabular-nums">{formatNaira(r.paidBeforeKobo)}</td>
          </tr>
          <tr className="font-semibold">
            <th scope="row" className="py-0.5 font-semibold">
              This payment
            </th>
            <td className="py-0.5 text-right tabular-nums">{formatNaira(r.amountKobo)}</td>
          </tr>
          <tr className="border-t border-slate-300 font-semibold">
            <th scope="row" className="py-0.5 font-semibold">
              {r.balanceKobo < 0 ? 'Credit after this payment' : 'Balance after this payment'}
            </th>
            <td className="py-0.5 text-right tabular-nums" data-testid="receipt-balance">
              {formatNaira(Math.abs(r.balanceKobo))}
            </td>
          </tr>
        </tfoot>
      </table>
      <dl className="mt-4 grid grid-cols-[minmax(6rem,9rem)_1fr] gap-x-3 gap-y-1.5">
        {definitions(payment)}
        <dt className="text-slate-600">Fee status</dt>
        <dd>
          <Badge status={r.feeStatus} />
        </dd>
      </dl>
    </div>
  );
}

/** A payment's receipt: on screen, printed (only the receipt), or as PDF. */
export function ReceiptModal({ paymentId, onClose }: { paymentId: string | null; onClose: () => void }) {
  const receipt = useReceipt(paymentId);
  const r = receipt.data?.receipt;
  return (
    <Modal
      open={Boolean(paymentId)}
      onClose={onClose}
      title={r ? `Receipt ${r.receiptNo}` : 'Receipt'}
      footer={
        r ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="gray" onClick={() => window.print()}>
              Print
            </Button>
            <Button variant="primary" onClick={() => download(receiptPdfUrl(r.paymentId))}>
              Download PDF
            </Button>
          </div>
        ) : null
      }
    >
      {receipt.isPending ? <Spinner label="Loading the receipt" /> : null}
      {receipt.isError ? <LoadError error={receipt.error}>The receipt could not be loaded.</LoadError> : null}
      {r ? <ReceiptBody r={r} /> : null}
      {r
        ? createPortal(
            <div className="finance-print-receipt hidden bg-white p-8 text-black print:block">
              <style>{PRINT_ONLY_RECEIPT}</style>
              <ReceiptBody r={r} />
            </div>,
            document.body,
          )
        : null}
    </Modal>
  );
}

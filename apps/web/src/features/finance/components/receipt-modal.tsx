import { formatNaira } from '@school/shared/constants';
import type { Receipt } from '@school/shared/finance/responses';
import { createPortal } from 'react-dom';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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
    ['Amount paid', formatNaira(r.amountKobo)],
    ['Payment mode', r.paymentMode],
    ['Reference', r.reference ?? '-'],
    ['Invoice fees', formatNaira(r.dueKobo)],
    ['Paid to date', formatNaira(r.paidKobo)],
    [r.balanceKobo < 0 ? 'Credit' : 'Balance', formatNaira(Math.abs(r.balanceKobo))],
  ];
  return (
    <div className="text-sm">
      <div className="text-center">
        <p className="text-lg font-bold uppercase">{r.school.name}</p>
        {r.school.place ? <p className="text-xs text-slate-600">{r.school.place}</p> : null}
        <p className="mt-2 font-semibold tracking-wide">OFFICIAL RECEIPT</p>
      </div>
      <dl className="mt-4 grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1.5">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600">{k}</dt>
            <dd className="font-medium break-words">{v}</dd>
          </div>
        ))}
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
      {receipt.isError ? <Alert>The receipt could not be loaded.</Alert> : null}
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

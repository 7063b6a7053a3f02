import type { SerialCodeBatchCodes } from '@school/shared/admissions/responses';
import { formatNaira } from '@school/shared/constants';
import { Button } from '@/components/ui/button';
import { PrinterIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PrintSheet } from '@/components/ui/print-sheet';
import { Spinner } from '@/components/ui/spinner';
import { useBatchCodes } from '../api/get-serial-code-batches';
import { formatDate } from '@/lib/format';

/** '482913650271' → '4829 1365 0271', easier to read and type. */
export function groupDigits(code: string): string {
  return code.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function Cards({ data, applyAt }: { data: SerialCodeBatchCodes; applyAt: string }) {
  const unused = data.codes.filter((c) => !c.usedAt);
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 print:grid-cols-2 print:gap-2">
      {unused.map((c) => (
        <li key={c.code} className="break-inside-avoid rounded-lg border border-dashed border-slate-400 p-3 text-slate-900">
          <p className="text-sm font-bold">{data.schoolName}</p>
          <p className="text-xs text-slate-600">Admission form serial code</p>
          <p className="my-1.5 font-mono text-lg font-bold tracking-wider">{groupDigits(c.code)}</p>
          <p className="text-xs">
            {formatNaira(data.batch.priceKobo)} · valid until {formatDate(data.batch.expiresOn)}
          </p>
          <p className="text-xs text-slate-600">Apply at {applyAt}</p>
        </li>
      ))}
    </ul>
  );
}

/** The print view of a batch: its unused codes as cards to cut out. */
export function BatchPrintModal({ id, onClose }: { id: string; onClose: () => void }) {
  const codes = useBatchCodes(id);
  const applyAt = `${window.location.origin}/auth/serial-code`;
  const unusedCount = codes.data?.codes.filter((c) => !c.usedAt).length ?? 0;
  return (
    <Modal
      open
      onClose={onClose}
      title="Print serial codes"
      description={codes.data ? `${unusedCount} unused of ${codes.data.codes.length} codes; used codes are left out.` : undefined}
      size="3xl"
      footer={
        <>
          <Button variant="gray" onClick={onClose}>
            Close
          </Button>
          <Button variant="primary" icon={<PrinterIcon size={18} />} disabled={!codes.data || unusedCount === 0} onClick={() => window.print()}>
            Print
          </Button>
        </>
      }
    >
      {codes.isPending ? (
        <div className="flex items-center gap-2 py-8 text-sm text-slate-600">
          <Spinner size="sm" /> Loading...
        </div>
      ) : codes.isError ? (
        <LoadError error={codes.error}>We could not load the codes. {codes.error.message}</LoadError>
      ) : unusedCount === 0 ? (
        <p className="py-6 text-sm text-slate-600">Every code of this batch has been used.</p>
      ) : (
        <>
          <Cards data={codes.data} applyAt={applyAt} />
          <PrintSheet>
            <div className="p-4">
              <Cards data={codes.data} applyAt={applyAt} />
            </div>
          </PrintSheet>
        </>
      )}
    </Modal>
  );
}

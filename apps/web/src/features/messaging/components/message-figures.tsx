import type { MessagePage } from '@school/shared/messaging/responses';
import { STATUS_LABELS, type MessageStatus } from '@school/shared/messaging/types';
import { useId } from 'react';
import { formatDate, formatNaira } from '@/lib/format';
import { useMessagingBalance } from '../api/get-balance';

const COUNTED: MessageStatus[] = ['sent', 'delivered', 'failed', 'queued', 'kept'];

/**
 * This term's units and messages by status (the school's current term; all time when it has none), or,
 * while the log shows one send only (`?batchId=`), that send's.
 */
export function MessageFigures({ summary, oneSend = false }: { summary: MessagePage['summary']; oneSend?: boolean }) {
  const headingId = useId();
  const figures = [
    { label: 'Units used', value: summary.units },
    ...COUNTED.map((status) => ({ label: STATUS_LABELS[status], value: summary.byStatus[status] ?? 0 })),
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {oneSend ? 'This send' : 'This term'}
        </h2>
        <p className="text-xs text-slate-500">
          {oneSend
            ? 'Every message of the send, whenever it was made'
            : summary.since
              ? `Since ${formatDate(summary.since)}, the first day of the current term`
              : 'All time: the school has no current term'}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map((figure) => (
          <div key={figure.label} className="min-w-0 rounded-lg bg-slate-50 px-3 py-2.5">
            <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
            <dd className="mt-0.5 text-xl font-bold text-slate-900 tabular-nums">{figure.value.toLocaleString('en-NG')}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        Units are counted for every message the gateway took, even one it later reports undelivered: one per SMS page, one per WhatsApp message.
      </p>
      <GatewayBalance />
    </section>
  );
}

/** What is left on the Termii account, so that a school tops it up before a big send rather than after its failures. */
function GatewayBalance() {
  const balance = useMessagingBalance();
  if (balance.isPending || (balance.data && !balance.data.configured)) return null;
  if (balance.isError || balance.data.error !== null || balance.data.balance === null) {
    const why = balance.isError ? balance.error.message : balance.data.error;
    return <p className="mt-2 text-sm text-amber-800">The Termii balance could not be read. {why}</p>;
  }
  const { balance: left, currency } = balance.data;
  const amount = currency === 'NGN' ? formatNaira(Math.round(left * 100)) : `${left.toLocaleString('en-NG')} ${currency ?? ''}`.trim();
  return (
    <p className="mt-2 text-sm text-slate-700">
      Termii balance: <span className="font-semibold text-slate-900 tabular-nums">{amount}</span>
    </p>
  );
}

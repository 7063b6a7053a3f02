import { TABLE } from '@school/shared/constants';
import type { MessageItem } from '@school/shared/messaging/responses';
import {
  CHANNEL_LABELS,
  EVENT_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_EVENTS,
  MESSAGE_STATUSES,
  STATUS_LABELS,
  type MessageChannel,
  type MessageEvent,
  type MessageStatus,
} from '@school/shared/messaging/types';
import { UUID } from '@school/shared/fields';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useMessages } from '../api/get-messages';
import { MessageFigures } from './message-figures';
import { MessageStatusBadge } from './message-status-badge';
import { recipientOf, ResendDialog } from './resend-dialog';

interface Filters {
  status: MessageStatus | '';
  channel: MessageChannel | '';
  event: MessageEvent | '';
}

const NO_FILTERS: Filters = { status: '', channel: '', event: '' };

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => [
  { value: '', label: 'All' },
  ...values.map((value) => ({ value, label: labels[value] })),
];

/** A reset link is never sent again (it may have expired or been used): the person asks for a new one. */
const canResend = (m: MessageItem) => (m.status === 'failed' || m.status === 'kept') && m.event !== 'passwordReset';

/**
 * The school's SMS and WhatsApp log (ADR 0039): this term's figures, filters, and the messages page by
 * page from the server; a failed or kept message can be sent again. While a message shown is queued,
 * the page asks again every few seconds to follow it. `?batchId=` (from a send's progress) shows that
 * send's messages only, until the filter is removed.
 */
export function MessageLog({ settingsPath }: { settingsPath: string }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const [resending, setResending] = useState<MessageItem | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  // a malformed id in the address is ignored rather than refused by the server
  const batchId = UUID.test(searchParams.get('batchId') ?? '') ? searchParams.get('batchId')! : undefined;
  const query = {
    page,
    pageSize,
    status: filters.status || undefined,
    channel: filters.channel || undefined,
    event: filters.event || undefined,
    batchId,
  };
  const messages = useMessages(query);
  const filtered = Object.values(filters).some(Boolean) || batchId !== undefined;
  const filterKey = JSON.stringify({ ...filters, batchId });

  const showEverySend = () => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('batchId');
        return next;
      },
      { replace: true },
    );
    setPage(1);
  };

  const set = (key: keyof Filters) => (event: { target: { value: string } }) => {
    setFilters((current) => ({ ...current, [key]: event.target.value }));
    setPage(1);
  };

  if (messages.isError && !messages.data) {
    return (
      <LoadError error={messages.error} area="Settings">
        The messages could not be loaded. {messages.error.message}
      </LoadError>
    );
  }
  if (messages.isPending) return <Spinner label="Loading the messages" />;

  const data = messages.data;
  if (data.total === 0 && !filtered && page === 1) {
    return (
      <div className="space-y-4">
        <MessageFigures summary={data.summary} oneSend={batchId !== undefined} />
        <EmptyState
          title="No messages yet"
          description={
            <>
              Absence notices, results, fee reminders and the other events you choose go out by SMS or WhatsApp and are listed here. Set the gateway key, sender
              ID and events in the{' '}
              <Link to={settingsPath} className="font-semibold text-secondary underline-offset-2 hover:underline">
                messaging settings
              </Link>
              .
            </>
          }
        />
      </div>
    );
  }

  const columns: Array<TableColumn<MessageItem>> = [
    { name: 'Date', minWidth: '8.5rem', cell: (m) => <span className="py-2">{formatDateTime(m.createdAt)}</span>, hide: Media.SM },
    {
      name: 'Recipient',
      grow: 1.6,
      minWidth: '8.5rem',
      cell: (m) => (
        <div className="min-w-0 py-2">
          <p className="font-medium break-words text-slate-900">{m.recipientName ?? 'Unnamed'}</p>
          <p className="text-xs break-all text-slate-600">{m.to}</p>
          {/* on phones (below the table's 600 px breakpoint) the date, event, channel and units columns are hidden: say them here */}
          <p className="text-xs text-slate-600 min-[600px]:hidden">
            {EVENT_LABELS[m.event]} · {CHANNEL_LABELS[m.channel]}
            <br />
            {formatDateTime(m.createdAt)}
            {m.units > 0 ? ` · ${m.units} ${m.units === 1 ? 'unit' : 'units'}` : null}
          </p>
        </div>
      ),
    },
    { name: 'Event', grow: 1.2, minWidth: '8rem', cell: (m) => EVENT_LABELS[m.event], hide: Media.SM },
    { name: 'Channel', minWidth: '6rem', cell: (m) => CHANNEL_LABELS[m.channel], hide: Media.SM },
    {
      // the resend sits with the status and its reason: on a phone there is no room for a column of its own
      name: 'Status',
      grow: 1.8,
      minWidth: '9rem',
      cell: (m) => (
        <div className="min-w-0 py-2">
          <MessageStatusBadge status={m.status} />
          {m.error && m.status !== 'sent' && m.status !== 'delivered' ? (
            <p className={m.status === 'failed' ? 'mt-1 text-xs break-words text-red-700' : 'mt-1 text-xs break-words text-slate-600'}>
              {m.status === 'queued' ? `Trying again${m.nextAttemptAt ? ` at ${formatDateTime(m.nextAttemptAt)}` : ''}: ${m.error}` : m.error}
            </p>
          ) : null}
          {canResend(m) ? (
            <Button variant="secondary" size="sm" className="mt-2" aria-label={`Resend to ${recipientOf(m)}`} onClick={() => setResending(m)}>
              Resend
            </Button>
          ) : null}
        </div>
      ),
    },
    { name: 'Units', width: '5rem', right: true, cell: (m) => (m.units > 0 ? m.units : '—'), hide: Media.SM },
  ];

  return (
    <div className="space-y-4">
      <MessageFigures summary={data.summary} oneSend={batchId !== undefined} />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Status" value={filters.status} onChange={set('status')} options={options(MESSAGE_STATUSES, STATUS_LABELS)} />
        <SelectField label="Channel" value={filters.channel} onChange={set('channel')} options={options(MESSAGE_CHANNELS, CHANNEL_LABELS)} />
        <SelectField label="Event" value={filters.event} onChange={set('event')} options={options(MESSAGE_EVENTS, EVENT_LABELS)} />
      </div>
      {filtered ? (
        <div className="flex flex-wrap items-center gap-2">
          {batchId ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800">
              This send only
              <Button variant="transparent" size="sm" onClick={showEverySend}>
                <span aria-hidden="true">×</span>
                <span className="sr-only">Remove the filter “This send only”</span>
              </Button>
            </span>
          ) : null}
          <Button
            variant="transparent"
            size="sm"
            onClick={() => {
              setFilters(NO_FILTERS);
              if (batchId) showEverySend();
              setPage(1);
            }}
          >
            Clear filters
          </Button>
        </div>
      ) : null}
      {messages.isError ? (
        <LoadError error={messages.error} area="Settings">
          The messages could not be loaded. {messages.error.message}
        </LoadError>
      ) : null}
      <DataTable<MessageItem>
        resetKey={filterKey}
        ariaLabel="Messages"
        columns={columns}
        data={data.items}
        progressPending={messages.isFetching && messages.isPlaceholderData}
        paginationServer
        paginationTotalRows={data.total}
        paginationPerPage={pageSize}
        onChangePage={setPage}
        onChangeRowsPerPage={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        noDataComponent={<p className="px-4 py-10 text-sm text-slate-600">{filtered ? 'No messages match these filters.' : TABLE.noDataText}</p>}
      />
      <ResendDialog message={resending} onClose={() => setResending(null)} />
    </div>
  );
}

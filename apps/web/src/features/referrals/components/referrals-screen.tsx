import { formatNaira, REFERRAL_STATUS_FILTER, TABLE, type ReferralStatusFilter } from '@school/shared/constants';
import type { ReferrerRow } from '@school/shared/referrals/responses';
import { WITHDRAWAL_STATUS_LABELS } from '@school/shared/referrals/schemas';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { RowActions, type RowAction } from '@/components/ui/row-actions';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { capitalise, formatDate, formatDateTime, initials } from '@/lib/format';
import { useCampaigns, useReferrers, useReferralSummary, useReferrerWithdrawals } from '../api/get-referral-admin';
import { useCreateCampaign, useDecideWithdrawal } from '../api/referral-admin-mutations';
import { CreateReferralModal } from './create-referral-modal';
import { Modal } from '@/components/ui/modal';

const FILTER_LABELS: Record<ReferralStatusFilter, string> = { all: 'All', success: 'Success', pending: 'Pending', failed: 'Failed' };

function SummaryCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {note ? <p className="mt-0.5 text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}

function Summary({ schoolId }: { schoolId: string | undefined }) {
  const summary = useReferralSummary(schoolId);
  if (summary.isError) return <LoadError error={summary.error}>Could not load the figures. {summary.error.message}</LoadError>;
  const s = summary.data;
  const dash = summary.isPending ? '…' : '0';
  return (
    <section aria-label="Referral figures" className="grid gap-3 sm:grid-cols-3">
      <SummaryCard label="Total Request" value={s ? String(s.totalRequests) : dash} note={s ? `${s.pendingRequests} waiting for approval` : undefined} />
      <SummaryCard label="Total Referrals" value={s ? String(s.totalReferrals) : dash} note="Applications that used a referral code" />
      <SummaryCard label="Total Amount Earned" value={s ? formatNaira(s.totalEarnedKobo) : dash} note="By all referrers" />
    </section>
  );
}

function Campaigns({ schoolId }: { schoolId: string | undefined }) {
  const campaigns = useCampaigns(schoolId);
  if (campaigns.isPending) return <p className="text-sm text-slate-600">Loading campaigns…</p>;
  if (campaigns.isError) return <LoadError error={campaigns.error}>Could not load the campaigns. {campaigns.error.message}</LoadError>;
  if (campaigns.data.items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
        No referral campaign yet. Create one to give referrers their codes.
      </p>
    );
  return (
    <ul aria-label="Referral campaigns" className="grid gap-3 md:grid-cols-2">
      {campaigns.data.items.map((c) => (
        <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-mono text-sm font-semibold text-slate-900">{c.code}</p>
            <Badge status={c.status} tone={c.status === 'Active' ? 'green' : c.status === 'Upcoming' ? 'yellow' : 'pink'} />
          </div>
          {c.description ? <p className="mt-1 text-sm break-words text-slate-700">{c.description}</p> : null}
          <p className="mt-2 text-xs text-slate-600">
            {formatDate(c.startsOn)} – {c.endsOn ? formatDate(c.endsOn) : 'no end date'} · {c.notify} · {c.referralType} · 1 point ={' '}
            {formatNaira(c.pointValueKobo)}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {c.referrers} referrer{c.referrers === 1 ? '' : 's'} · {c.referrals} referral{c.referrals === 1 ? '' : 's'}
          </p>
        </li>
      ))}
    </ul>
  );
}

function HistoryModal({ referrer, schoolId, onClose }: { referrer: ReferrerRow | null; schoolId: string | undefined; onClose: () => void }) {
  const history = useReferrerWithdrawals(referrer?.userId ?? null, schoolId);
  return (
    <Modal open={Boolean(referrer)} onClose={onClose} title={referrer ? `${referrer.name}’s withdrawals` : ''} size="lg">
      {history.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : history.isError ? (
        <Alert>{history.error.message}</Alert>
      ) : history.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No withdrawal request yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {history.data.items.map((w) => (
            <li key={w.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900">
                  {formatNaira(w.amountKobo)} · {w.paymentMode}
                </p>
                <p className="text-slate-600">
                  {w.reference} · {formatDateTime(w.requestedAt)}
                </p>
                {w.details ? <p className="break-words text-slate-600">{w.details}</p> : null}
                {w.note ? <p className="break-words text-slate-600">Note: {w.note}</p> : null}
              </div>
              <Badge status={WITHDRAWAL_STATUS_LABELS[w.status]} />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/**
 * The Referrals screen (settings/referral): the three cards, the campaigns with 'Create Referral',
 * and the referrers' table with its status filter and search; approve or reject a waiting request.
 */
export function ReferralsScreen({ schoolId }: { schoolId?: string }) {
  const [creating, setCreating] = useState(false);
  const [status, setStatus] = useState<ReferralStatusFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const [viewing, setViewing] = useState<ReferrerRow | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const list = useReferrers({ page, pageSize, status, search: debouncedSearch || undefined, schoolId });
  const create = useCreateCampaign();
  const decide = useDecideWithdrawal();
  const filterKey = `${status}|${debouncedSearch}|${schoolId ?? ''}`;

  const decideRequest = (r: ReferrerRow, decision: 'approve' | 'reject') =>
    decide.mutateAsync({ id: r.latestRequest!.id, schoolId, decision }).then(
      () => toast.success(decision === 'approve' ? `${r.name}’s withdrawal was approved.` : `${r.name}’s withdrawal was rejected.`),
      (error: Error) => toast.error(error.message),
    );

  const columns: Array<TableColumn<ReferrerRow>> = [
    {
      name: 'Photo',
      width: '88px',
      cell: (r) => (
        <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-primary-50 text-xs font-bold text-secondary">
          {initials(r.name)}
        </span>
      ),
      hide: Media.SM,
    },
    {
      name: 'Name',
      grow: 2,
      minWidth: '10rem',
      cell: (r) => (
        <div className="min-w-0 py-2">
          <p className="font-semibold break-words text-slate-900">{r.name}</p>
          <p className="text-xs break-words text-slate-600">
            {capitalise(r.role)}
            {r.phone ? ` · ${r.phone}` : ''}
          </p>
          <p className="text-xs text-slate-600 sm:hidden">
            {r.referrals} referrals · {r.points} points · {formatNaira(r.earnedKobo)}
          </p>
          {/* on phones the request column is hidden; say it here */}
          {r.latestRequest ? (
            <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600 sm:hidden">
              Request {formatNaira(r.latestRequest.amountKobo)} <Badge status={WITHDRAWAL_STATUS_LABELS[r.latestRequest.status]} />
            </p>
          ) : null}
        </div>
      ),
    },
    { name: 'Referrals', width: '7rem', cell: (r) => r.referrals, hide: Media.SM },
    { name: 'Points', width: '6rem', cell: (r) => r.points, hide: Media.SM },
    { name: 'Amount Earned', minWidth: '8rem', cell: (r) => <span className="whitespace-nowrap">{formatNaira(r.earnedKobo)}</span>, hide: Media.MD },
    {
      name: 'Withdrawal Request',
      minWidth: '12.5rem',
      hide: Media.SM,
      cell: (r) =>
        r.latestRequest ? (
          <div className="py-2">
            <p className="font-medium whitespace-nowrap text-slate-900">{formatNaira(r.latestRequest.amountKobo)}</p>
            <p className="text-xs text-slate-600">
              {formatDate(r.latestRequest.requestedAt.slice(0, 10))} · {r.latestRequest.paymentMode}
            </p>
            <Badge status={WITHDRAWAL_STATUS_LABELS[r.latestRequest.status]} className="mt-1" />
          </div>
        ) : (
          <span className="text-slate-500">None</span>
        ),
    },
    {
      name: 'Action',
      width: '9rem',
      right: true,
      cell: (r) => {
        const actions: RowAction[] = [{ type: 'view', label: `View ${r.name}’s withdrawals`, onClick: () => setViewing(r) }];
        if (r.latestRequest?.status === 'pending') {
          const amount = formatNaira(r.latestRequest.amountKobo);
          actions.push(
            {
              type: 'present',
              label: `Approve ${r.name}’s withdrawal`,
              confirm: {
                title: `Approve ${amount} for ${r.name}?`,
                message: `Mark the request ${r.latestRequest.reference} as paid (Success).`,
                confirmLabel: 'Approve',
              },
              onClick: () => decideRequest(r, 'approve'),
            },
            {
              type: 'absent',
              label: `Reject ${r.name}’s withdrawal`,
              confirm: {
                title: `Reject ${amount} for ${r.name}?`,
                message: 'The request becomes Failed and the amount returns to their balance.',
                confirmLabel: 'Reject',
              },
              onClick: () => decideRequest(r, 'reject'),
            },
          );
        }
        return <RowActions actions={actions} />;
      },
    },
  ];

  return (
    <div className="space-y-5">
      <Summary schoolId={schoolId} />
      <section aria-labelledby="campaigns-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="campaigns-heading" className="text-base font-semibold text-slate-900">
            Campaigns
          </h2>
          <Button variant="primary" onClick={() => setCreating(true)}>
            Create Referral
          </Button>
        </div>
        <Campaigns schoolId={schoolId} />
      </section>
      <section aria-labelledby="referrers-heading" className="space-y-3">
        <h2 id="referrers-heading" className="text-base font-semibold text-slate-900">
          Referrers
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField
            label="Search referrers"
            type="search"
            placeholder="Name, email or code"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
          <SelectField
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ReferralStatusFilter);
              setPage(1);
            }}
          >
            {REFERRAL_STATUS_FILTER.map((value) => (
              <option key={value} value={value}>
                {FILTER_LABELS[value]}
              </option>
            ))}
          </SelectField>
        </div>
        {list.isError ? <LoadError error={list.error}>Could not load the referrers. {list.error.message}</LoadError> : null}
        <DataTable<ReferrerRow>
          resetKey={filterKey}
          keyField="userId"
          ariaLabel="Referrers"
          columns={columns}
          data={list.data?.items ?? []}
          progressPending={list.isPending}
          paginationServer
          paginationTotalRows={list.data?.total ?? 0}
          paginationPerPage={pageSize}
          onChangePage={(next) => setPage(next)}
          onChangeRowsPerPage={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          noDataComponent={
            <p className="px-4 py-10 text-sm text-slate-600">{status !== 'all' || debouncedSearch ? 'No referrers match these filters.' : TABLE.noDataText}</p>
          }
        />
      </section>
      <CreateReferralModal
        open={creating}
        onClose={() => setCreating(false)}
        onSave={(values) => create.mutateAsync({ schoolId, values })}
        onSaved={(campaign) => {
          setCreating(false);
          toast.success(`Referral campaign ${campaign.code} published.`);
        }}
      />
      <HistoryModal referrer={viewing} schoolId={schoolId} onClose={() => setViewing(null)} />
    </div>
  );
}

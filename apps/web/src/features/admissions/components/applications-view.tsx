import type { ApplicationListItem } from '@school/shared/admissions/responses';
import { ADMISSION_PAYMENT_STATUSES, type AdmissionPaymentStatus, type Decision } from '@school/shared/admissions/schemas';
import { ADMISSION_STATUSES, CLASS_LEVELS, TABLE, type AdmissionStatus, type ClassLevel } from '@school/shared/constants';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { RowActions, type RowAction } from '@/components/ui/row-actions';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useApplications } from '../api/get-applications';
import { formatDate } from '@/lib/format';
import { AdmissionsTabs } from './admissions-tabs';
import { ApplicationDrawer } from './application-drawer';
import { SelectField } from '@/components/ui/select-field';
import { useDecisionFlow } from './use-decision-flow';

const BULK_LABELS: Record<Decision, string> = { accept: 'Approve', reject: 'Reject', archive: 'Archive', restore: 'Restore' };

export interface ApplicationsViewProps {
  title: string;
  description: string;
  /** The status this page lists; without it the page has a Status filter. */
  status?: AdmissionStatus;
  /** Decisions offered for the selected rows (the table becomes selectable). */
  bulk?: Decision[];
  /** Columns beyond the spec's: status, admitted class, date. */
  variant?: 'enrollment' | 'all' | 'admitted' | 'archived';
  /** The search box (the spec's New Enrollment has only Class and Payment Status). */
  searchable?: boolean;
}

/** The admissions lists: New Enrollment, Applications, Admitted and Archived. */
export function ApplicationsView({ title, description, status, bulk = [], variant = 'enrollment', searchable = false }: ApplicationsViewProps) {
  const navigate = useNavigate();
  const [classLevel, setClassLevel] = useState<ClassLevel | ''>('');
  const [paymentStatus, setPaymentStatus] = useState<AdmissionPaymentStatus | ''>('');
  const [statusFilter, setStatusFilter] = useState<AdmissionStatus | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const [selected, setSelected] = useState<ApplicationListItem[]>([]);
  const [clearSelection, setClearSelection] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);

  const query = {
    page,
    pageSize,
    status: status ?? (statusFilter || undefined),
    classLevel: classLevel || undefined,
    paymentStatus: paymentStatus || undefined,
    search: debouncedSearch || undefined,
  };
  const list = useApplications(query);
  const flow = useDecisionFlow(() => {
    setViewing(null);
    setSelected([]);
    setClearSelection((value) => !value);
  });
  const filterKey = `${classLevel}|${paymentStatus}|${statusFilter}|${debouncedSearch}`;
  const resetPage = () => {
    setPage(1);
    setSelected([]);
  };

  const requestBulk = (decision: Decision) =>
    flow.request({ decision, rows: selected.map((r) => ({ id: r.id, name: r.name, registrationNo: r.registrationNo })) });

  const columns: Array<TableColumn<ApplicationListItem>> = [
    { name: 'S/N', width: '4.5rem', cell: (_row, index) => (page - 1) * pageSize + index + 1, hide: Media.SM },
    {
      name: 'Registration Number',
      minWidth: '10rem',
      cell: (r) => <span className="font-mono text-sm whitespace-nowrap">{r.registrationNo}</span>,
      hide: Media.SM,
    },
    {
      name: 'Name of Student',
      grow: 2,
      minWidth: '9rem',
      cell: (r) => (
        <div className="min-w-0 py-2">
          <p className="font-semibold text-slate-900">{r.name}</p>
          {/* on phones the registration number, class and payment columns are hidden; say them here */}
          <p className="font-mono text-xs text-slate-600 sm:hidden">{r.registrationNo}</p>
          <p className="text-xs text-slate-600 sm:hidden">
            {variant === 'admitted' && r.className ? r.className : r.classLevel} · {r.paymentStatus}
            {variant === 'all' ? ` · ${r.status}` : ''}
          </p>
        </div>
      ),
    },
    {
      name: 'Class',
      cell: (r) => <span className="whitespace-nowrap">{variant === 'admitted' && r.className ? r.className : r.classLevel}</span>,
      hide: Media.SM,
    },
  ];
  if (variant === 'all') columns.push({ name: 'Status', cell: (r) => <Badge status={r.status} />, hide: Media.SM });
  columns.push({ name: 'Payment Status', cell: (r) => <Badge status={r.paymentStatus} />, hide: Media.SM });
  if (variant !== 'enrollment')
    columns.push({ name: 'Applied', cell: (r) => <span className="whitespace-nowrap">{formatDate(r.submittedAt)}</span>, hide: Media.MD });
  columns.push({
    name: 'Action',
    width: variant === 'admitted' ? '6.5rem' : '4.5rem',
    right: true,
    cell: (r) => {
      const actions: RowAction[] = [{ type: 'view', label: `View ${r.name}`, onClick: () => setViewing(r.id) }];
      if (r.status === 'Accepted') {
        actions.push({
          type: 'print',
          label: `Admission letter of ${r.name}`,
          onClick: () => void navigate(`/admin/admissions/application-letter?id=${r.id}`),
        });
      }
      return <RowActions actions={actions} />;
    },
  });

  const bulkButtons = bulk.map((decision) => (
    <Button
      key={decision}
      variant={decision === 'accept' || decision === 'restore' ? 'primary' : 'gray'}
      size="sm"
      disabled={selected.length === 0 || flow.busy}
      onClick={() => requestBulk(decision)}
    >
      {BULK_LABELS[decision]}
    </Button>
  ));

  return (
    <>
      <PageHeader title={title} description={description} actions={bulk.length ? bulkButtons : undefined} />
      <AdmissionsTabs />
      <div className="space-y-4">
        <div className={`grid gap-3 ${searchable ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-2 lg:max-w-2xl'}`}>
          {searchable ? (
            <TextField
              label="Search"
              type="search"
              placeholder="Name or registration number"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                resetPage();
              }}
            />
          ) : null}
          {status ? null : (
            <SelectField
              label="Status"
              value={statusFilter}
              onChange={(event) => {
                setStatusFilter(event.target.value as AdmissionStatus | '');
                resetPage();
              }}
            >
              <option value="">All statuses</option>
              {ADMISSION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
          )}
          <SelectField
            label="Class"
            value={classLevel}
            onChange={(event) => {
              setClassLevel(event.target.value as ClassLevel | '');
              resetPage();
            }}
          >
            <option value="">All classes</option>
            {CLASS_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Payment Status"
            value={paymentStatus}
            onChange={(event) => {
              setPaymentStatus(event.target.value as AdmissionPaymentStatus | '');
              resetPage();
            }}
          >
            <option value="">All</option>
            {ADMISSION_PAYMENT_STATUSES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </SelectField>
        </div>
        {list.isError ? (
          <LoadError error={list.error}>
            <p>We could not load the applications. {list.error.message}</p>
            <Button variant="gray" size="sm" className="mt-2" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </LoadError>
        ) : null}
        <DataTable<ApplicationListItem>
          key={filterKey}
          ariaLabel={title}
          columns={columns}
          data={list.data?.items ?? []}
          progressPending={list.isPending}
          paginationServer
          paginationTotalRows={list.data?.total ?? 0}
          paginationPerPage={pageSize}
          onChangePage={(next) => {
            setPage(next);
            setSelected([]);
            setClearSelection((value) => !value);
          }}
          onChangeRowsPerPage={(size) => {
            setPageSize(size);
            resetPage();
          }}
          selectableRows={bulk.length > 0}
          clearSelectedRows={clearSelection}
          onSelectedRowsChange={({ selectedRows }) => setSelected(selectedRows)}
          contextActions={bulkButtons}
        />
      </div>
      <ApplicationDrawer key={viewing ?? 'none'} id={viewing} onClose={() => setViewing(null)} onDecide={flow.request} busy={flow.busy} />
      {flow.dialogs}
    </>
  );
}

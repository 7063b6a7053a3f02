import type { AuditEntryView } from '@school/shared/audit/responses';
import { ROLE_LABELS } from '@school/shared/auth/roles';
import { TABLE } from '@school/shared/constants';
import { useId, useState } from 'react';
import { Media } from 'react-data-table-component';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { RowActions } from '@/components/ui/row-actions';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAuditEntries } from '../api/get-audit-entries';
import { useAuditFilters } from '../api/get-audit-filters';
import { formatAuditTime, humaniseEntity } from '../lib/changes';
import { AuditEntryDrawer } from './audit-entry-drawer';

interface Filters {
  schoolId: string;
  actor: string;
  entity: string;
  action: string;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { schoolId: '', actor: '', entity: '', action: '', from: '', to: '' };

/** The audit trail: filters, the server-paginated table and a drawer with the before and after. */
export function AuditTrail() {
  const schoolSelectId = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const [open, setOpen] = useState<AuditEntryView | null>(null);
  // the typed filters ask the server once typing pauses (a string, so the value is stable between renders)
  const typedKey = useDebouncedValue(JSON.stringify([filters.actor.trim(), filters.entity.trim(), filters.action.trim()]), 300);
  const [actor, entity, action] = JSON.parse(typedKey) as [string, string, string];
  const datesValid = !filters.from || !filters.to || filters.from <= filters.to;
  const query = {
    page,
    pageSize,
    schoolId: filters.schoolId || undefined,
    actor: actor || undefined,
    entity: entity || undefined,
    action: action || undefined,
    from: filters.from || undefined,
    to: datesValid ? filters.to || undefined : undefined,
  };
  const entries = useAuditEntries(query);
  const schools = useAuditFilters().data?.schools ?? [];
  const filterKey = JSON.stringify({ ...query, page: 0, pageSize: 0 });
  const filtered = Object.values(filters).some(Boolean);

  const set = (key: keyof Filters) => (event: { target: { value: string } }) => {
    setFilters((current) => ({ ...current, [key]: event.target.value }));
    setPage(1);
  };

  const columns: Array<TableColumn<AuditEntryView>> = [
    {
      name: 'Time (Lagos)',
      grow: 1.3,
      minWidth: '8rem',
      cell: (e) => (
        <div className="py-2">
          <p>{formatAuditTime(e.createdAt)}</p>
          {/* on phones the actor column is hidden; say who here */}
          <p className="text-xs text-slate-500 sm:hidden">{e.actor?.name ?? 'System'}</p>
        </div>
      ),
    },
    {
      name: 'Actor',
      grow: 1.5,
      hide: Media.SM,
      cell: (e) =>
        e.actor ? (
          <div className="min-w-0 py-2">
            <p className="font-medium text-slate-900">{e.actor.name}</p>
            <p className="truncate text-xs text-slate-500">{ROLE_LABELS[e.actor.role]}</p>
          </div>
        ) : (
          <span className="text-slate-500">System</span>
        ),
    },
    { name: 'School', cell: (e) => e.school?.name ?? <span className="text-slate-500">Organisation</span>, hide: Media.MD },
    { name: 'Action', grow: 1.4, cell: (e) => <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs break-all">{e.action}</code> },
    { name: 'Entity', cell: (e) => humaniseEntity(e.entity), hide: Media.SM },
    {
      name: 'View',
      width: '72px',
      right: true,
      cell: (e) => <RowActions actions={[{ type: 'view', label: `View ${e.action} at ${formatAuditTime(e.createdAt)}`, onClick: () => setOpen(e) }]} />,
    },
  ];

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
        {schools.length > 1 ? (
          <div className="col-span-2 lg:col-span-1">
            <label htmlFor={schoolSelectId} className="field-label">
              School
            </label>
            <select id={schoolSelectId} className="field-input pr-8" value={filters.schoolId} onChange={set('schoolId')}>
              <option value="">All schools</option>
              {schools.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <TextField label="User" placeholder="Name or email" className="col-span-2 lg:col-span-1" value={filters.actor} onChange={set('actor')} />
        <TextField label="Entity" placeholder="e.g. staff" value={filters.entity} onChange={set('entity')} />
        <TextField label="Action" placeholder="e.g. staff.created" value={filters.action} onChange={set('action')} />
        <TextField label="From" type="date" value={filters.from} onChange={set('from')} />
        <TextField
          label="To"
          type="date"
          value={filters.to}
          onChange={set('to')}
          error={datesValid ? undefined : 'The start date must not be after the end date'}
        />
      </div>
      {filtered ? (
        <div>
          <Button
            variant="transparent"
            size="sm"
            onClick={() => {
              setFilters(NO_FILTERS);
              setPage(1);
            }}
          >
            Clear filters
          </Button>
        </div>
      ) : null}
      {entries.isError ? <LoadError error={entries.error}>Could not load the audit trail. {entries.error.message}</LoadError> : null}
      <DataTable<AuditEntryView>
        resetKey={filterKey}
        ariaLabel="Audit trail"
        columns={columns}
        data={entries.data?.items ?? []}
        progressPending={entries.isPending}
        paginationServer
        paginationTotalRows={entries.data?.total ?? 0}
        paginationPerPage={pageSize}
        onChangePage={(next) => setPage(next)}
        onChangeRowsPerPage={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        noDataComponent={<p className="px-4 py-10 text-sm text-slate-600">{filtered ? 'No entries match these filters.' : TABLE.noDataText}</p>}
      />
      <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
    </div>
  );
}

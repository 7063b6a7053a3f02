import { STAFF_TYPES, TABLE, type StaffType } from '@school/shared/constants';
import type { StaffListItem } from '@school/shared/staff/responses';
import type { StaffStatusFilter } from '@school/shared/staff/schemas';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { RowActions, type RowAction } from '@/components/ui/row-actions';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDeleteStaff } from '../api/delete-staff';
import { useStaffList } from '../api/get-staff-list';
import { useReactivateStaff } from '../api/reactivate-staff';
import { useResendInvitation } from '../api/resend-invitation';
import { formatDate } from '@/lib/format';
import { SelectField } from '@/components/ui/select-field';
import { reactivateQuestion } from '../lib/format';
import { StaffAvatar } from './staff-avatar';

const STATUS_LABELS: Record<StaffStatusFilter, string> = { active: 'Active', inactive: 'Inactive', invited: 'Invitation pending' };

function deleteQuestion(staff: StaffListItem) {
  if (staff.hasRecords) {
    return {
      title: `Deactivate ${staff.name}?`,
      message: `${staff.name} has records (a class, subjects or a used account), so they cannot be deleted. They will be deactivated instead: kept on file as inactive${staff.account ? ', with their account disabled so they can no longer sign in' : ''}.`,
      confirmLabel: 'Deactivate',
    };
  }
  return {
    title: `Delete ${staff.name}?`,
    message: `${staff.name} will be removed${staff.account ? ', with their unused account' : ''}. This cannot be undone.`,
    confirmLabel: 'Delete',
  };
}

/** The staff tab of admin/academics/staff: filters, the server-paginated table and row actions. */
export function StaffTable() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [staffType, setStaffType] = useState<StaffType | ''>('');
  const [status, setStatus] = useState<StaffStatusFilter | ''>('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const query = { page, pageSize, search: debouncedSearch || undefined, staffType: staffType || undefined, status: status || undefined };
  const list = useStaffList(query);
  const remove = useDeleteStaff();
  const resend = useResendInvitation();
  const reactivate = useReactivateStaff();
  // a change of filter starts again at page 1 (and resets the table's own page)
  const filterKey = `${debouncedSearch}|${staffType}|${status}`;

  const columns: Array<TableColumn<StaffListItem>> = [
    { name: 'Photo', width: '88px', cell: (s) => <StaffAvatar name={s.name} photoUrl={s.photoUrl} />, hide: Media.SM },
    {
      name: 'Name',
      grow: 2,
      minWidth: '10rem',
      cell: (s) => (
        <div className="min-w-0 py-2">
          <Link to={`/admin/academics/staff-profile/${s.id}`} className="font-semibold text-slate-900 hover:text-secondary hover:underline">
            {s.name}
          </Link>
          {s.email ? <p className="hidden truncate text-xs text-slate-500 sm:block">{s.email}</p> : null}
          {/* on phones the role and status columns are hidden; say them here */}
          <p className="text-xs text-slate-600 sm:hidden">
            {s.staffType}
            {s.status === 'inactive' ? ' · Inactive' : s.account?.status === 'invited' ? ' · Invited' : ''}
          </p>
        </div>
      ),
    },
    { name: 'Role', selector: (s) => s.staffType, wrap: true, hide: Media.SM },
    { name: 'Date', cell: (s) => <span className="whitespace-nowrap">{formatDate(s.employedOn)}</span>, hide: Media.MD },
    { name: 'Contact', minWidth: '9rem', cell: (s) => <span className="whitespace-nowrap">{s.phone ?? ''}</span>, hide: Media.MD },
    {
      name: 'Status',
      cell: (s) => (
        <div className="flex flex-wrap gap-1 py-1">
          <Badge status={s.status === 'active' ? 'Active' : 'Inactive'} />
          {s.status === 'active' && s.account?.status === 'invited' ? <Badge status="Invited" tone="yellow" /> : null}
        </div>
      ),
      hide: Media.SM,
    },
    {
      name: 'Actions',
      width: '10.5rem',
      right: true,
      cell: (s) => {
        const actions: RowAction[] = [
          { type: 'view', onClick: () => void navigate(`/admin/academics/staff-profile/${s.id}`) },
          { type: 'edit', onClick: () => void navigate(`/admin/academics/edit-profile/${s.id}`) },
        ];
        if (s.status === 'active' && s.account?.status === 'invited') {
          actions.push({
            type: 'send',
            label: `Resend invitation to ${s.name}`,
            onClick: () =>
              resend.mutateAsync(s.id).then(
                (res) => toast.success(res.message),
                (error: Error) => toast.error(error.message),
              ),
          });
        }
        if (s.status === 'inactive') {
          actions.push({
            type: 'toggleOn',
            label: `Re-activate ${s.name}`,
            confirm: reactivateQuestion(s),
            onClick: () =>
              reactivate.mutateAsync(s.id).then(
                (res) => toast.success(`${s.name} — ${res.message}`),
                (error: Error) => toast.error(error.message),
              ),
          });
        }
        actions.push({
          type: 'delete',
          label: s.hasRecords ? `Delete (deactivate) ${s.name}` : `Delete ${s.name}`,
          disabled: s.status === 'inactive' && s.hasRecords,
          confirm: deleteQuestion(s),
          onClick: () =>
            remove.mutateAsync(s.id).then(
              (res) =>
                toast.success(res.outcome === 'deleted' ? `${s.name} was deleted.` : `${s.name} has records, so they were deactivated instead of deleted.`),
              (error: Error) => toast.error(error.message),
            ),
        });
        return <RowActions actions={actions} />;
      },
    },
  ];

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <TextField
          label="Search staff"
          type="search"
          className="col-span-2 sm:col-span-1"
          placeholder="Name, email or phone"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Staff type"
          value={staffType}
          onChange={(event) => {
            setStaffType(event.target.value as StaffType | '');
            setPage(1);
          }}
        >
          <option value="">All types</option>
          {STAFF_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as StaffStatusFilter | '');
            setPage(1);
          }}
        >
          <option value="">All statuses</option>
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      {list.isError ? <LoadError error={list.error}>Could not load the staff list. {list.error.message}</LoadError> : null}
      <DataTable<StaffListItem>
        resetKey={filterKey}
        ariaLabel="Staff"
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
          <p className="px-4 py-10 text-sm text-slate-600">{debouncedSearch || staffType || status ? 'No staff match these filters.' : TABLE.noDataText}</p>
        }
      />
    </div>
  );
}

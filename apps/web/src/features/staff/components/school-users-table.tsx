import { TABLE } from '@school/shared/constants';
import type { SchoolUser } from '@school/shared/staff/responses';
import type { AccountStatus } from '@school/shared/staff/schemas';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Badge } from '@/components/ui/badge';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSchoolUsers } from '../api/get-school-users';
import { ACCOUNT_STATUS_NAMES, ROLE_NAMES } from '../lib/format';
import { formatDateTime } from '@/lib/format';
import { SelectField } from '@/components/ui/select-field';

type UserRole = SchoolUser['role'];
const ROLES: UserRole[] = ['admin', 'teacher', 'student', 'parent'];
const STATUSES: AccountStatus[] = ['active', 'invited', 'disabled'];
const STATUS_TONES = { active: 'green', invited: 'yellow', disabled: 'pink' } as const;

const columns: Array<TableColumn<SchoolUser>> = [
  {
    name: 'Name',
    grow: 2,
    cell: (u) => (
      <div className="min-w-0 py-2">
        <p className="font-semibold text-slate-900">{u.name}</p>
        <p className="truncate text-xs text-slate-500">{u.email}</p>
        {/* on phones the role and status columns are hidden; say them here */}
        <p className="text-xs text-slate-600 sm:hidden">
          {ROLE_NAMES[u.role] ?? u.role} · {ACCOUNT_STATUS_NAMES[u.status]}
        </p>
      </div>
    ),
  },
  { name: 'Role', selector: (u) => ROLE_NAMES[u.role] ?? u.role, hide: Media.SM },
  { name: 'Status', cell: (u) => <Badge status={ACCOUNT_STATUS_NAMES[u.status]} tone={STATUS_TONES[u.status]} />, hide: Media.SM },
  { name: 'Last sign-in', cell: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'Never'), hide: Media.MD },
];

/** The "Users and roles" tab: the school's user accounts with their role and status. */
export function SchoolUsersTable() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<UserRole | ''>('');
  const [status, setStatus] = useState<AccountStatus | ''>('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const users = useSchoolUsers({ page, pageSize, search: debouncedSearch || undefined, role: role || undefined, status: status || undefined });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Everyone who can sign in to this school: staff accounts, students and parents.</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <TextField
          label="Search users"
          type="search"
          className="col-span-2 sm:col-span-1"
          placeholder="Name or email"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(event) => {
            setRole(event.target.value as UserRole | '');
            setPage(1);
          }}
        >
          <option value="">All roles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_NAMES[r]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Account status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as AccountStatus | '');
            setPage(1);
          }}
        >
          <option value="">All statuses</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {ACCOUNT_STATUS_NAMES[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {users.isError ? <LoadError error={users.error}>Could not load the users. {users.error.message}</LoadError> : null}
      <DataTable<SchoolUser>
        key={`${debouncedSearch}|${role}|${status}`}
        ariaLabel="Users and roles"
        columns={columns}
        data={users.data?.items ?? []}
        progressPending={users.isPending}
        paginationServer
        paginationTotalRows={users.data?.total ?? 0}
        paginationPerPage={pageSize}
        onChangePage={(next) => setPage(next)}
        onChangeRowsPerPage={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </div>
  );
}

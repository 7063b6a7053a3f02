import type { SessionUser } from '@school/shared/auth/responses';
import { ROLE_LABELS } from '@school/shared/auth/roles';
import { TABLE } from '@school/shared/constants';
import type { OrganisationUser } from '@school/shared/organisations/responses';
import { ROLE_FILTER_OPTIONS, type ListUsersQuery } from '@school/shared/organisations/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';
import { useSchools } from '../api/get-schools';
import { useUsers } from '../api/get-users';
import { useResendInvitation, useSetUserStatus } from '../api/user-mutations';
import { SelectField } from '@/components/ui/select-field';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { userStatusBadge } from '../lib/user-status';

/** super-admin/user-roles: the organisation's users, by role, school and search, a page at a time. */
export function Component() {
  useDocumentTitle('User Roles');
  const [role, setRole] = useState<ListUsersQuery['role']>('');
  const [schoolId, setSchoolId] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const debouncedSearch = useDebouncedValue(search.trim());
  const query: ListUsersQuery = { role: role || undefined, schoolId: schoolId || undefined, search: debouncedSearch || undefined, page, pageSize };
  const users = useUsers(query);
  const schools = useSchools();
  const [statusFor, setStatusFor] = useState<OrganisationUser | null>(null);
  const setStatus = useSetUserStatus();
  const resend = useResendInvitation();
  const meId = useQueryClient().getQueryData<SessionUser | null>(AUTH_ME_QUERY_KEY)?.id;
  // a new filter starts again at page 1 (the table is re-created so its own page follows)
  const filterKey = `${role}|${schoolId}|${debouncedSearch}|${pageSize}`;

  function changeStatus(user: OrganisationUser) {
    const status = user.status === 'disabled' ? 'active' : 'disabled';
    setStatus.mutate(
      { userId: user.id, status },
      {
        onSuccess: () => {
          toast.success(status === 'disabled' ? `${user.name} is deactivated and signed out.` : `${user.name} is active again.`);
          setStatusFor(null);
        },
        onError: (error) => {
          toast.error(error.message);
          setStatusFor(null);
        },
      },
    );
  }

  const columns = useMemo<TableColumn<OrganisationUser>[]>(
    () => [
      {
        name: 'Name',
        grow: 2,
        minWidth: '190px',
        cell: (user) => (
          <div className="min-w-0 py-2">
            <p className="font-medium break-words text-slate-900">{user.name}</p>
            <p className="text-xs break-words text-slate-500">{user.email}</p>
            {/* below the table's small breakpoint the role, school and status columns fold in here */}
            <p className="mt-1 text-xs text-slate-600 min-[600px]:hidden">
              {ROLE_LABELS[user.role]} · {user.schoolName ?? 'All schools'}
            </p>
            <Badge {...userStatusBadge(user.status)} className="mt-1 min-[600px]:hidden" />
          </div>
        ),
      },
      { name: 'Role', selector: (user) => ROLE_LABELS[user.role], hide: Media.SM },
      { name: 'School', grow: 2, cell: (user) => user.schoolName ?? <span className="text-slate-500">All schools</span>, hide: Media.SM },
      { name: 'Status', cell: (user) => <Badge {...userStatusBadge(user.status)} />, hide: Media.SM },
      {
        name: 'Actions',
        grow: 2,
        minWidth: '130px',
        cell: (user) => (
          <div className="flex flex-wrap gap-1.5 py-2">
            {user.id === meId ? (
              <span className="text-xs text-slate-500">You</span>
            ) : (
              <Button
                size="sm"
                variant="gray"
                className="h-8"
                onClick={() => setStatusFor(user)}
                aria-label={`${user.status === 'disabled' ? 'Re-activate' : 'Deactivate'} ${user.name}`}
              >
                {user.status === 'disabled' ? 'Re-activate' : 'Deactivate'}
              </Button>
            )}
            {user.status === 'invited' ? (
              <Button
                size="sm"
                variant="transparent"
                className="h-8"
                aria-label={`Resend invitation to ${user.name}`}
                onClick={() =>
                  resend.mutate(user.id, {
                    onSuccess: () => toast.success(`A new invitation was sent to ${user.email}.`),
                    onError: (error) => toast.error(error.message),
                  })
                }
              >
                Resend invitation
              </Button>
            ) : null}
          </div>
        ),
      },
    ],
    [resend, meId],
  );

  return (
    <>
      <PageHeader
        title="User Roles"
        description="Everyone with an account in your schools, and their role."
        actions={
          <Link to="/super-admin/user-roles/create-user" className={buttonClasses({ variant: 'primary' })}>
            Create user
          </Link>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr]">
        <SelectField
          label="Role"
          value={role}
          onChange={(event) => {
            setRole(event.target.value as ListUsersQuery['role']);
            setPage(1);
          }}
          placeholder="All roles"
          options={ROLE_FILTER_OPTIONS}
        />
        <SelectField
          label="School"
          value={schoolId}
          onChange={(event) => {
            setSchoolId(event.target.value);
            setPage(1);
          }}
          placeholder="All schools"
          options={(schools.data?.items ?? []).map((school) => ({ value: school.id, label: school.name }))}
        />
        <TextField
          label="Search"
          type="search"
          placeholder="Name or email"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          className="sm:col-span-2 lg:col-span-1"
        />
      </div>
      {users.isError ? (
        <LoadError error={users.error} className="mb-4">
          Could not load the users. {users.error.message}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void users.refetch()}>
            Try again
          </button>
        </LoadError>
      ) : null}
      <DataTable<OrganisationUser>
        resetKey={filterKey}
        ariaLabel="Users"
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
      <ConfirmDialog
        open={statusFor !== null}
        title={statusFor?.status === 'disabled' ? `Re-activate ${statusFor.name}?` : `Deactivate ${statusFor?.name ?? ''}?`}
        message={
          statusFor?.status === 'disabled'
            ? 'They can sign in again (or accept their invitation, if they have not yet).'
            : 'They are signed out at once and cannot sign in until you re-activate them. Their records are kept.'
        }
        confirmLabel={statusFor?.status === 'disabled' ? 'Re-activate' : 'Deactivate'}
        tone={statusFor?.status === 'disabled' ? 'default' : 'danger'}
        loading={setStatus.isPending}
        onConfirm={() => statusFor && changeStatus(statusFor)}
        onCancel={() => setStatusFor(null)}
      />
    </>
  );
}

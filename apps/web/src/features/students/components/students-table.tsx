import { FEE_FILTER, GENDERS, TABLE, type FeeFilter, type Gender } from '@school/shared/constants';
import type { StudentListItem } from '@school/shared/students/responses';
import { STUDENT_STATUS_LABELS } from '@school/shared/students/schemas';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { RowActions } from '@/components/ui/row-actions';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { exportStudentsCsv } from '../api/export-students';
import { useStudentClasses } from '../api/get-student-classes';
import { useStudents } from '../api/get-students';
import { capitalise } from '@/lib/format';

export interface StudentsTableProps {
  /** Where a row's profile lives, e.g. /admin/records/student-profile/{id}. */
  profilePath: (id: string) => string;
  /** Where a row's details are edited (administrators), e.g. /admin/records/edit-student/{id}. */
  editPath?: (id: string) => string;
  /** The spec's fee filter (all, complete, incomplete) and a Fee Status column (callers with finance). */
  showFees?: boolean;
}

/** Filters (class, gender, search), CSV export and the server-paginated students table. */
export function StudentsTable({ profilePath, editPath, showFees = false }: StudentsTableProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [classId, setClassId] = useState('');
  const [gender, setGender] = useState<Gender | ''>('');
  const [feeStatus, setFeeStatus] = useState<FeeFilter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const [exporting, setExporting] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const filters = {
    classId: classId || undefined,
    gender: gender || undefined,
    search: debouncedSearch || undefined,
    feeStatus: showFees && feeStatus !== 'all' ? feeStatus : undefined,
  };
  const list = useStudents({ page, pageSize, ...filters });
  const classes = useStudentClasses();
  const filterKey = `${debouncedSearch}|${classId}|${gender}|${feeStatus}`;

  const columns: Array<TableColumn<StudentListItem>> = [
    { name: 'S/N', width: '64px', cell: (_s, index) => <span className="text-slate-600">{(page - 1) * pageSize + index + 1}</span>, hide: Media.SM },
    { name: 'Registration Number', minWidth: '12.5rem', cell: (s) => <span className="whitespace-nowrap">{s.registrationNo}</span>, hide: Media.SM },
    {
      name: 'Name',
      grow: 2,
      minWidth: '10rem',
      cell: (s) => (
        <div className="min-w-0 py-2">
          <Link to={profilePath(s.id)} className="font-semibold text-slate-900 hover:text-secondary hover:underline">
            {s.name}
          </Link>
          {/* on phones the other columns are hidden; say them here */}
          <p className="text-xs text-slate-600 sm:hidden">
            {s.registrationNo}
            {s.className ? ` · ${s.className}` : ''}
          </p>
        </div>
      ),
    },
    { name: 'Class', cell: (s) => <span className="whitespace-nowrap">{s.className ?? ''}</span>, hide: Media.SM },
    { name: 'Gender', cell: (s) => capitalise(s.gender), hide: Media.MD },
    { name: 'Status', cell: (s) => <Badge status={STUDENT_STATUS_LABELS[s.status] ?? s.status} />, hide: Media.SM },
    ...(showFees ? [{ name: 'Fee Status', cell: (s: StudentListItem) => (s.feeStatus ? <Badge status={s.feeStatus} /> : null), hide: Media.SM }] : []),
    {
      name: 'Action',
      width: editPath ? '7.5rem' : '5.5rem',
      right: true,
      cell: (s) => (
        <RowActions
          actions={[
            { type: 'view', label: `View ${s.name}`, onClick: () => void navigate(profilePath(s.id)) },
            ...(editPath ? [{ type: 'edit' as const, label: `Edit ${s.name}`, onClick: () => void navigate(editPath(s.id)) }] : []),
          ]}
        />
      ),
    },
  ];

  const filtered = Boolean(debouncedSearch || classId || gender || (showFees && feeStatus !== 'all'));

  return (
    <div className="space-y-4">
      <div
        className={`grid grid-cols-2 items-end gap-3 ${showFees ? 'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]' : 'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]'}`}
      >
        <TextField
          label="Search students"
          type="search"
          className="col-span-2 sm:col-span-1"
          placeholder="Name or registration number"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Class"
          value={classId}
          onChange={(event) => {
            setClassId(event.target.value);
            setPage(1);
          }}
        >
          <option value="">{classes.isPending ? 'Loading classes…' : 'All classes'}</option>
          {(classes.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Gender"
          value={gender}
          onChange={(event) => {
            setGender(event.target.value as Gender | '');
            setPage(1);
          }}
        >
          <option value="">All genders</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {capitalise(g)}
            </option>
          ))}
        </SelectField>
        {showFees ? (
          <SelectField
            label="Fees"
            value={feeStatus}
            onChange={(event) => {
              setFeeStatus(event.target.value as FeeFilter);
              setPage(1);
            }}
          >
            {FEE_FILTER.map((f) => (
              <option key={f} value={f}>
                {f === 'all' ? 'All' : f === 'complete' ? 'Complete' : 'InComplete'}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Button
          variant="gray"
          className="col-span-2 sm:col-span-1"
          loading={exporting}
          loadingText="Exporting…"
          onClick={() => {
            setExporting(true);
            exportStudentsCsv(filters)
              .catch((error: Error) => toast.error(error.message))
              .finally(() => setExporting(false));
          }}
        >
          Export CSV
        </Button>
      </div>
      {list.isError ? <Alert>Could not load the students. {list.error.message}</Alert> : null}
      <DataTable<StudentListItem>
        resetKey={filterKey}
        ariaLabel="Students"
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
        noDataComponent={<p className="px-4 py-10 text-sm text-slate-600">{filtered ? 'No students match these filters.' : TABLE.noDataText}</p>}
      />
    </div>
  );
}

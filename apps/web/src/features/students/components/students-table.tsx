import { CLASS_LEVELS, FEE_FILTER, GENDERS, TABLE, type FeeFilter, type Gender } from '@school/shared/constants';
import type { StudentListItem } from '@school/shared/students/responses';
import { STUDENT_STATUS_LABELS } from '@school/shared/students/schemas';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { RowActions } from '@/components/ui/row-actions';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { exportStudentsCsv } from '../api/export-students';
import { downloadCsv, selectedStudentsCsv } from '../lib/students-csv';
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
  /** Rows can be selected (administrators), with '{n} item(s) selected' and 'Export selected (CSV)'. */
  selectable?: boolean;
}

/** Nursery 1 before Primary 1 before JSS 1 (not alphabetical), then the arm; students without a class last. */
function byClass(a: StudentListItem, b: StudentListItem): number {
  const rank = (name: string | null) => {
    if (!name) return Number.MAX_SAFE_INTEGER;
    const level = [...CLASS_LEVELS].sort((x, y) => y.length - x.length).find((l) => name === l || name.startsWith(`${l} `));
    return level ? CLASS_LEVELS.indexOf(level) : CLASS_LEVELS.length;
  };
  return rank(a.className) - rank(b.className) || (a.className ?? '').localeCompare(b.className ?? '', 'en', { numeric: true });
}

/** Filters (class, gender, search), CSV export and the server-paginated students table. */
export function StudentsTable({ profilePath, editPath, showFees = false, selectable = false }: StudentsTableProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [classId, setClassId] = useState('');
  const [gender, setGender] = useState<Gender | ''>('');
  const [feeStatus, setFeeStatus] = useState<FeeFilter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<StudentListItem[]>([]);
  // the rows as the table shows them once sorted, so that an export of selected rows keeps that order
  const [shownOrder, setShownOrder] = useState<string[] | null>(null);
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
    {
      id: 'registrationNo',
      name: 'Registration Number',
      minWidth: '12.5rem',
      selector: (s) => s.registrationNo,
      sortable: true,
      sortFunction: (a, b) => a.registrationNo.localeCompare(b.registrationNo, 'en', { numeric: true }),
      cell: (s) => <span className="whitespace-nowrap">{s.registrationNo}</span>,
      hide: Media.SM,
    },
    {
      id: 'name',
      name: 'Name',
      grow: 2,
      minWidth: '10rem',
      selector: (s) => s.name,
      sortable: true,
      sortFunction: (a, b) => a.name.localeCompare(b.name, 'en'),
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
    {
      id: 'class',
      name: 'Class',
      selector: (s) => s.className ?? '',
      sortable: true,
      sortFunction: byClass,
      cell: (s) => <span className="whitespace-nowrap">{s.className ?? ''}</span>,
      hide: Media.SM,
    },
    { id: 'gender', name: 'Gender', selector: (s) => s.gender, sortable: true, cell: (s) => capitalise(s.gender), hide: Media.MD },
    {
      id: 'status',
      name: 'Status',
      selector: (s) => STUDENT_STATUS_LABELS[s.status] ?? s.status,
      sortable: true,
      cell: (s) => <Badge status={STUDENT_STATUS_LABELS[s.status] ?? s.status} />,
      hide: Media.SM,
    },
    ...(showFees
      ? [
          {
            id: 'feeStatus',
            name: 'Fee Status',
            selector: (s: StudentListItem) => s.feeStatus ?? '',
            sortable: true,
            cell: (s: StudentListItem) => (s.feeStatus ? <Badge status={s.feeStatus} /> : null),
            hide: Media.SM,
          },
        ]
      : []),
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

  const exportSelected = () => {
    const order = shownOrder ?? (list.data?.items ?? []).map((s) => s.id);
    const rows = [...selected].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    downloadCsv('students-selected.csv', selectedStudentsCsv(rows));
    toast.success(`Exported ${rows.length} student${rows.length === 1 ? '' : 's'}`);
  };

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
      {list.isError ? <LoadError error={list.error}>Could not load the students. {list.error.message}</LoadError> : null}
      <DataTable<StudentListItem>
        resetKey={filterKey}
        ariaLabel="Students"
        columns={columns}
        data={list.data?.items ?? []}
        progressPending={list.isPending}
        paginationServer
        paginationTotalRows={list.data?.total ?? 0}
        paginationPerPage={pageSize}
        // the API pages by name and has no sort parameter: a column header sorts the page shown
        onSort={(_column, _direction, sortedRows) => setShownOrder(sortedRows.map((s) => s.id))}
        selectableRows={selectable}
        selectableRowsHighlight={selectable}
        onSelectedRowsChange={({ selectedRows }) => setSelected(selectedRows)}
        contextActions={
          selectable ? (
            <Button variant="gray" size="sm" disabled={selected.length === 0} onClick={exportSelected}>
              Export selected (CSV)
            </Button>
          ) : undefined
        }
        onChangePage={(next) => {
          setPage(next);
          setShownOrder(null);
        }}
        onChangeRowsPerPage={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        noDataComponent={<p className="px-4 py-10 text-sm text-slate-600">{filtered ? 'No students match these filters.' : TABLE.noDataText}</p>}
      />
    </div>
  );
}

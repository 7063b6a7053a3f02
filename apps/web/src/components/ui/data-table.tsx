import { formatSelectedCount, TABLE } from '@school/shared/constants';
import { useState, type ReactNode } from 'react';
import ReactDataTable, { type TableColumn, type TableProps } from 'react-data-table-component';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';
import { TablePagination } from './table-pagination';

export type { TableColumn };

type SelectionChange<T> = { allSelected: boolean; selectedCount: number; selectedRows: T[] };

export interface DataTableProps<T> extends Omit<TableProps<T>, 'keyField' | 'onSelectedRowsChange'> {
  /** Field that identifies a row; 'id' unless given. */
  keyField?: keyof T & string;
  /** Buttons shown beside '{n} item(s) selected' while rows are selected (approve, archive…). */
  contextActions?: ReactNode;
  onSelectedRowsChange?: (selection: SelectionChange<T>) => void;
  /** Accessible name of the table, e.g. 'Applications'. */
  ariaLabel?: string;
  /**
   * When this changes (a filter), the table goes back to page 1 and clears its selection without
   * being remounted: a row's open confirmation dialog is not torn down by a filter applied late.
   */
  resetKey?: string;
}

/**
 * react-data-table-component with the spec's defaults: paginated by 10 (10-30), 'Rows per page:',
 * 'a-b of n', 'There are no records to display', 'Loading...', '{n} item(s) selected'. Sorting goes
 * back to page 1, and the page is clamped when the rows shrink (a filter, a deleted row).
 */
export function DataTable<T>({
  keyField = 'id' as keyof T & string,
  pagination = true,
  paginationPerPage = TABLE.pageSize,
  paginationRowsPerPageOptions = [...TABLE.pageSizeOptions],
  paginationComponentOptions,
  noDataComponent,
  progressComponent,
  progressSkeleton = false,
  contextActions,
  onSelectedRowsChange,
  onSort,
  onChangePage,
  onChangeRowsPerPage,
  className,
  title,
  actions,
  data,
  paginationServer,
  paginationTotalRows,
  resetKey,
  clearSelectedRows,
  ...props
}: DataTableProps<T>) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(paginationPerPage);
  const [resetToFirstPage, setResetToFirstPage] = useState(false);
  const [clearSelection, setClearSelection] = useState(false);
  const [selectedCount, setSelectedCount] = useState(0);
  const [lastResetKey, setLastResetKey] = useState(resetKey);
  if (resetKey !== lastResetKey) {
    setLastResetKey(resetKey);
    setPage(1);
    setResetToFirstPage((value) => !value);
    setClearSelection((value) => !value);
  }
  // Rows are told apart by `keyField`: without it a refetch could hand an open row dialog another row.
  if (import.meta.env.DEV && data.length > 0 && (data[0] as Record<string, unknown>)[keyField] === undefined) {
    console.error(`DataTable: rows have no "${keyField}"; pass keyField`);
  }

  const rowCount = paginationServer ? (paginationTotalRows ?? 0) : data.length;
  const pageCount = Math.max(1, Math.ceil(rowCount / perPage));
  if (pagination && page > pageCount) setPage(pageCount);

  const showHeader = Boolean(title || actions || selectedCount > 0);
  const noData = noDataComponent ?? <p className="px-4 py-10 text-sm text-slate-600">{TABLE.noDataText}</p>;
  // With no rows the library's table would hold only its message, and an ARIA table without rows is
  // invalid (axe: aria-required-children), so the message stands on its own.
  const empty = data.length === 0 && !props.progressPending;

  return (
    <div className={cn('app-data-table overflow-hidden rounded-xl border border-slate-200 bg-white', className)}>
      {showHeader ? (
        <div className="flex min-h-14 flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-2.5">
          {selectedCount > 0 ? (
            <>
              <p className="text-sm font-semibold text-secondary" aria-live="polite">
                {formatSelectedCount(selectedCount)}
              </p>
              {contextActions ? <div className="flex flex-wrap gap-2">{contextActions}</div> : null}
            </>
          ) : (
            <>
              {title ? <h2 className="text-base font-semibold text-slate-900">{title}</h2> : <span />}
              {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
            </>
          )}
        </div>
      ) : null}
      {empty ? (
        <div role="status" className="rdt_noData">
          {noData}
        </div>
      ) : (
        <ReactDataTable<T>
          {...props}
          data={data}
          keyField={keyField}
          noHeader
          pagination={pagination}
          paginationServer={paginationServer}
          paginationTotalRows={paginationTotalRows}
          paginationPerPage={paginationPerPage}
          paginationRowsPerPageOptions={paginationRowsPerPageOptions}
          paginationComponentOptions={{
            rowsPerPageText: TABLE.rowsPerPageText,
            rangeSeparatorText: 'of',
            ...paginationComponentOptions,
          }}
          paginationComponent={TablePagination}
          paginationPage={pagination ? Math.min(page, pageCount) : undefined}
          paginationResetDefaultPage={resetToFirstPage}
          clearSelectedRows={clearSelectedRows === undefined ? clearSelection : clearSelectedRows !== clearSelection}
          noDataComponent={noData}
          progressSkeleton={progressSkeleton}
          progressComponent={
            progressComponent ?? (
              <div className="flex items-center gap-2 px-4 py-10 text-sm text-slate-600">
                <Spinner size="sm" />
                {TABLE.loadingText}
              </div>
            )
          }
          onSort={(column, direction, sortedRows, sortColumns) => {
            setPage(1);
            setResetToFirstPage((value) => !value);
            onSort?.(column, direction, sortedRows, sortColumns);
          }}
          onChangePage={(nextPage, totalRows) => {
            setPage(nextPage);
            onChangePage?.(nextPage, totalRows);
          }}
          onChangeRowsPerPage={(rowsPerPage, currentPage) => {
            setPerPage(rowsPerPage);
            onChangeRowsPerPage?.(rowsPerPage, currentPage);
          }}
          onSelectedRowsChange={(selection) => {
            setSelectedCount(selection.selectedCount);
            onSelectedRowsChange?.(selection);
          }}
        />
      )}
    </div>
  );
}

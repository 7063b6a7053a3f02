import { formatTableRange, TABLE } from '@school/shared/constants';
import type { PaginationComponentProps } from 'react-data-table-component';
import { useId } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from './icons';

const pageButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * The table footer: 'Rows per page:' with its choices, the range 'a-b of n' and page buttons.
 * Unlike the library's own footer it keeps the label and range on narrow screens.
 */
export function TablePagination({
  rowsPerPage,
  rowCount,
  currentPage,
  onChangePage,
  onChangeRowsPerPage,
  paginationRowsPerPageOptions = [...TABLE.pageSizeOptions],
  paginationComponentOptions,
}: PaginationComponentProps) {
  const selectId = useId();
  const pageCount = Math.max(1, Math.ceil(rowCount / rowsPerPage));
  const from = rowCount === 0 ? 0 : (currentPage - 1) * rowsPerPage + 1;
  const to = Math.min(currentPage * rowsPerPage, rowCount);
  const onFirst = currentPage <= 1;
  const onLast = currentPage >= pageCount;
  const rowsPerPageText = paginationComponentOptions?.rowsPerPageText ?? TABLE.rowsPerPageText;
  const separator = paginationComponentOptions?.rangeSeparatorText ?? 'of';
  const range = separator === 'of' ? formatTableRange(from, to, rowCount) : `${from}-${to} ${separator} ${rowCount}`;

  return (
    <nav
      aria-label="Table pagination"
      className="flex flex-wrap items-center justify-end gap-x-5 gap-y-2 border-t border-slate-200 px-3 py-2.5 text-sm text-slate-600"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={selectId}>{rowsPerPageText}</label>
        <select
          id={selectId}
          value={rowsPerPage}
          onChange={(event) => onChangeRowsPerPage(Number(event.target.value), currentPage)}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800"
        >
          {paginationRowsPerPageOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <span aria-live="polite">{range}</span>
      <div className="flex items-center gap-0.5">
        <button type="button" className={pageButton} aria-label="First Page" disabled={onFirst} onClick={() => onChangePage(1, rowCount)}>
          <ChevronsLeftIcon size={18} />
        </button>
        <button type="button" className={pageButton} aria-label="Previous Page" disabled={onFirst} onClick={() => onChangePage(currentPage - 1, rowCount)}>
          <ChevronLeftIcon size={18} />
        </button>
        <button type="button" className={pageButton} aria-label="Next Page" disabled={onLast} onClick={() => onChangePage(currentPage + 1, rowCount)}>
          <ChevronRightIcon size={18} />
        </button>
        <button type="button" className={pageButton} aria-label="Last Page" disabled={onLast} onClick={() => onChangePage(pageCount, rowCount)}>
          <ChevronsRightIcon size={18} />
        </button>
      </div>
    </nav>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface ReportColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers are right-aligned. */
  numeric?: boolean;
  /** Hidden on phones (still printed). */
  wide?: boolean;
}

export interface ReportTableProps<T> {
  caption: string;
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** The Total row: one cell per column (the first is its label). */
  footer?: ReactNode[];
  empty?: string;
}

/** A plain table of a report: every row, no paging (the page prints and exports the same rows). */
export function ReportTable<T>({ caption, columns, rows, rowKey, footer, empty = 'There are no records to display' }: ReportTableProps<T>) {
  const cellClass = (column: ReportColumn<T>, index: number) =>
    cn(
      'px-3 py-2.5',
      index === 0 && 'pl-4',
      index === columns.length - 1 && 'pr-4',
      column.numeric && 'text-right tabular-nums',
      column.wide && 'hidden sm:table-cell print:table-cell',
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={column.header} scope="col" className={cellClass(column, index)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-6 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.header} scope="row" className={cn(cellClass(column, index), 'font-medium text-slate-900')}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={cellClass(column, index)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
        {footer && rows.length > 0 ? (
          <tfoot className="border-t border-slate-200 bg-slate-50 font-semibold text-slate-900">
            <tr data-testid="report-total">
              {footer.map((content, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className={cellClass(columns[index], index)}>
                    {content}
                  </th>
                ) : (
                  <td key={index} className={cellClass(columns[index], index)}>
                    {content}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import { Media } from 'react-data-table-component';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import type { ImportReportBase, ImportRowBase } from './import-outcome';

/** What one row of the file is, e.g. 'student' / 'students'. */
export interface ImportNoun {
  one: string;
  many: string;
}

/** The columns that differ between imports; Line and Status are the same everywhere. */
export interface ImportColumns<Row extends ImportRowBase> {
  /** The record a written row became, to link its name to; undefined while it is not written. */
  recordHref: (row: Row) => string | undefined;
  /** The last column's heading, e.g. 'Problems / registration number'. */
  detailName: string;
  /** The last column of a row without errors. */
  detail: (row: Row) => ReactNode;
  /** The status column is left out on small screens. */
  hideStatusOnSmall?: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;

/** The one-line verdict above the rows. */
export function reportSummary(report: ImportReportBase, noun: ImportNoun): string {
  const bad = report.rows.filter((r) => !r.ok).length;
  const errors = bad ? ` ${plural(bad, 'row has', 'rows have')} errors.` : ' Every row is correct.';
  const skipped = report.skipped ? `, ${plural(report.skipped, 'row')} skipped` : '';
  if (report.dryRun) {
    if (report.mode === 'all-or-nothing' && bad) return `Preview: nothing would be imported.${errors} Correct them, or choose to import the correct rows only.`;
    return `Preview: ${plural(report.imported, noun.one, noun.many)} would be imported${skipped}.${errors}`;
  }
  if (report.imported === 0) return `Nothing was imported.${errors}`;
  return `${plural(report.imported, noun.one, noun.many)} imported${skipped}.`;
}

function status(report: ImportReportBase, row: ImportRowBase, written: boolean): { label: string; tone: 'green' | 'yellow' | 'pink' } {
  if (!row.ok) return { label: 'Error', tone: 'pink' };
  if (written) return { label: 'Imported', tone: 'green' };
  return report.dryRun && !(report.mode === 'all-or-nothing' && report.imported === 0)
    ? { label: 'Ready', tone: 'green' }
    : { label: 'Not imported', tone: 'yellow' };
}

function Problems({ errors }: { errors: Record<string, string> }) {
  return (
    <ul className="space-y-0.5 py-1 text-sm text-red-700">
      {Object.entries(errors).map(([column, message]) => (
        <li key={column}>
          <span className="font-mono text-xs text-slate-600">{column === 'file' ? 'row' : column}</span>: {message}
        </li>
      ))}
    </ul>
  );
}

export interface ImportReportViewProps<Row extends ImportRowBase> {
  report: ImportReportBase<Row>;
  /** The server's refusal (all-or-nothing with a wrong row). */
  refused: string | null;
  noun: ImportNoun;
  columns: ImportColumns<Row>;
}

/** The row-by-row report of a preview or an import: line, name, status, problems. */
export function ImportReportView<Row extends ImportRowBase>({ report, refused, noun, columns: spec }: ImportReportViewProps<Row>) {
  const bad = report.rows.filter((r) => !r.ok).length;
  const [onlyErrors, setOnlyErrors] = useState(false);
  const rows = onlyErrors ? report.rows.filter((r) => !r.ok) : report.rows;
  const columns: Array<TableColumn<Row>> = [
    { name: 'Line', width: '4.5rem', cell: (r) => <span className="font-mono text-sm">{r.line}</span> },
    {
      name: 'Name',
      minWidth: '9rem',
      cell: (r) => {
        const href = spec.recordHref(r);
        return href ? (
          <Link to={href} className="font-medium text-secondary underline-offset-2 hover:underline">
            {r.name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{r.name || '(no name)'}</span>
        );
      },
    },
    {
      name: 'Status',
      width: '8.5rem',
      hide: spec.hideStatusOnSmall ? Media.SM : undefined,
      cell: (r) => {
        const s = status(report, r, spec.recordHref(r) !== undefined);
        return <Badge status={s.label} tone={s.tone} />;
      },
    },
    {
      name: spec.detailName,
      grow: 3,
      wrap: true,
      cell: (r) => (Object.keys(r.errors).length === 0 ? spec.detail(r) : <Problems errors={r.errors} />),
    },
  ];
  const tone = refused || (bad && report.imported === 0) ? 'error' : bad ? 'info' : 'success';
  return (
    <section aria-label={report.dryRun ? 'Preview' : 'Import result'} className="space-y-4">
      <Alert tone={tone}>
        <p className="font-semibold">{reportSummary(report, noun)}</p>
        {refused ? <p className="mt-1">{refused}</p> : null}
      </Alert>
      {bad ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-secondary" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />
          Show only the {plural(bad, 'row')} with errors
        </label>
      ) : null}
      <DataTable<Row> keyField="line" ariaLabel="Rows of the file" columns={columns} data={rows} />
    </section>
  );
}

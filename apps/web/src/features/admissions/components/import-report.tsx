import type { ImportReport, ImportRowReport } from '@school/shared/admissions/responses';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { DataTable, type TableColumn } from '@/components/ui/data-table';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;

/** The one-line verdict above the rows. */
export function reportSummary(report: ImportReport): string {
  const bad = report.rows.filter((r) => !r.ok).length;
  const errors = bad ? ` ${plural(bad, 'row has', 'rows have')} errors.` : ' Every row is correct.';
  if (report.dryRun) {
    if (report.mode === 'all-or-nothing' && bad) return `Preview: nothing would be imported.${errors} Correct them, or choose to import the correct rows only.`;
    return `Preview: ${plural(report.imported, 'student')} would be imported${report.skipped ? `, ${plural(report.skipped, 'row')} skipped` : ''}.${errors}`;
  }
  if (report.imported === 0) return `Nothing was imported.${errors}`;
  return `${plural(report.imported, 'student')} imported${report.skipped ? `, ${plural(report.skipped, 'row')} skipped` : ''}.`;
}

function status(report: ImportReport, row: ImportRowReport): { label: string; tone: 'green' | 'yellow' | 'pink' } {
  if (!row.ok) return { label: 'Error', tone: 'pink' };
  if (row.registrationNo) return { label: 'Imported', tone: 'green' };
  return report.dryRun && !(report.mode === 'all-or-nothing' && report.imported === 0)
    ? { label: 'Ready', tone: 'green' }
    : { label: 'Not imported', tone: 'yellow' };
}

function Problems({ row }: { row: ImportRowReport }) {
  const entries = Object.entries(row.errors);
  if (entries.length === 0) {
    return row.registrationNo ? (
      <span className="text-sm text-slate-700">
        <span className="font-mono">{row.registrationNo}</span>
        {row.className ? ` · ${row.className}` : ''}
      </span>
    ) : (
      <span className="text-sm text-slate-500">No problems</span>
    );
  }
  return (
    <ul className="space-y-0.5 py-1 text-sm text-red-700">
      {entries.map(([column, message]) => (
        <li key={column}>
          <span className="font-mono text-xs text-slate-600">{column === 'file' ? 'row' : column}</span>: {message}
        </li>
      ))}
    </ul>
  );
}

export interface ImportReportViewProps {
  report: ImportReport;
  /** The server's refusal (all-or-nothing with a wrong row). */
  refused: string | null;
}

/** The row-by-row report of a preview or an import: line, name, status, problems. */
export function ImportReportView({ report, refused }: ImportReportViewProps) {
  const bad = report.rows.filter((r) => !r.ok).length;
  const [onlyErrors, setOnlyErrors] = useState(false);
  const rows = onlyErrors ? report.rows.filter((r) => !r.ok) : report.rows;
  const columns: Array<TableColumn<ImportRowReport>> = [
    { name: 'Line', width: '4.5rem', cell: (r) => <span className="font-mono text-sm">{r.line}</span> },
    {
      name: 'Name',
      minWidth: '9rem',
      cell: (r) =>
        r.studentId ? (
          <Link to={`/admin/records/student-profile/${r.studentId}`} className="font-medium text-secondary underline-offset-2 hover:underline">
            {r.name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{r.name || '(no name)'}</span>
        ),
    },
    {
      name: 'Status',
      width: '8.5rem',
      hide: Media.SM,
      cell: (r) => {
        const s = status(report, r);
        return <Badge status={s.label} tone={s.tone} />;
      },
    },
    { name: 'Problems / registration number', grow: 3, wrap: true, cell: (r) => <Problems row={r} /> },
  ];
  const tone = refused || (bad && report.imported === 0) ? 'error' : bad ? 'info' : 'success';
  return (
    <section aria-label={report.dryRun ? 'Preview' : 'Import result'} className="space-y-4">
      <Alert tone={tone}>
        <p className="font-semibold">{reportSummary(report)}</p>
        {refused ? <p className="mt-1">{refused}</p> : null}
      </Alert>
      {bad ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-secondary" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />
          Show only the {plural(bad, 'row')} with errors
        </label>
      ) : null}
      <DataTable<ImportRowReport> keyField="line" ariaLabel="Rows of the file" columns={columns} data={rows} />
    </section>
  );
}

import type { StaffImportReport, StaffImportRow } from '@school/shared/staff/import';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { DataTable, type TableColumn } from '@/components/ui/data-table';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;

/** The one-line verdict above the rows. */
export function staffReportSummary(report: StaffImportReport): string {
  const bad = report.rows.filter((r) => !r.ok).length;
  const errors = bad ? ` ${plural(bad, 'row has', 'rows have')} errors.` : ' Every row is correct.';
  if (report.dryRun) {
    if (report.mode === 'all-or-nothing' && bad) return `Preview: nothing would be imported.${errors} Correct them, or choose to import the correct rows only.`;
    return `Preview: ${plural(report.imported, 'staff member', 'staff members')} would be imported${report.skipped ? `, ${plural(report.skipped, 'row')} skipped` : ''}.${errors}`;
  }
  if (report.imported === 0) return `Nothing was imported.${errors}`;
  return `${plural(report.imported, 'staff member', 'staff members')} imported${report.skipped ? `, ${plural(report.skipped, 'row')} skipped` : ''}.`;
}

function status(report: StaffImportReport, row: StaffImportRow): { label: string; tone: 'green' | 'yellow' | 'pink' } {
  if (!row.ok) return { label: 'Error', tone: 'pink' };
  if (row.staffId) return { label: 'Imported', tone: 'green' };
  return report.dryRun && !(report.mode === 'all-or-nothing' && report.imported === 0)
    ? { label: 'Ready', tone: 'green' }
    : { label: 'Not imported', tone: 'yellow' };
}

function Problems({ row }: { row: StaffImportRow }) {
  const entries = Object.entries(row.errors);
  if (entries.length === 0) return <span className="text-sm text-slate-500">{row.staffType ?? 'No problems'}</span>;
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

/** The row-by-row report of a staff preview or import: line, name, status, problems. */
export function StaffImportReportView({ report, refused }: { report: StaffImportReport; refused: string | null }) {
  const bad = report.rows.filter((r) => !r.ok).length;
  const [onlyErrors, setOnlyErrors] = useState(false);
  const rows = onlyErrors ? report.rows.filter((r) => !r.ok) : report.rows;
  const columns: Array<TableColumn<StaffImportRow>> = [
    { name: 'Line', width: '4.5rem', cell: (r) => <span className="font-mono text-sm">{r.line}</span> },
    {
      name: 'Name',
      minWidth: '9rem',
      cell: (r) =>
        r.staffId ? (
          <Link to={`/admin/academics/staff-profile/${r.staffId}`} className="font-medium text-secondary underline-offset-2 hover:underline">
            {r.name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{r.name || '(no name)'}</span>
        ),
    },
    {
      name: 'Status',
      width: '8.5rem',
      cell: (r) => {
        const s = status(report, r);
        return <Badge status={s.label} tone={s.tone} />;
      },
    },
    { name: 'Problems / staff type', grow: 3, wrap: true, cell: (r) => <Problems row={r} /> },
  ];
  const tone = refused || (bad && report.imported === 0) ? 'error' : bad ? 'info' : 'success';
  return (
    <section aria-label={report.dryRun ? 'Preview' : 'Import result'} className="space-y-4">
      <Alert tone={tone}>
        <p className="font-semibold">{staffReportSummary(report)}</p>
        {refused ? <p className="mt-1">{refused}</p> : null}
      </Alert>
      {bad ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-secondary" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />
          Show only the {plural(bad, 'row')} with errors
        </label>
      ) : null}
      <DataTable<StaffImportRow> keyField="line" ariaLabel="Rows of the file" columns={columns} data={rows} />
    </section>
  );
}

/** The codes just issued, when mail is not configured: shown once (the server keeps them hashed). */
export function StaffInvitationCodes({ invitations }: { invitations: NonNullable<StaffImportReport['invitations']> }) {
  const n = invitations.items.length;
  return (
    <section aria-label="Invitation codes" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 className="text-sm font-semibold text-slate-900">
        {n} invitation code{n === 1 ? '' : 's'} to hand out
      </h3>
      <p className="text-sm text-slate-700">
        Email is not set up for this school, so nobody was mailed. Give each person their code; they sign up at{' '}
        <span className="font-mono break-all">{invitations.registerUrl}</span>. The codes are shown only now: note them or print this page.
      </p>
      <ul className="divide-y divide-amber-200 text-sm">
        {invitations.items.map((i) => (
          <li key={`${i.email}-${i.code}`} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-center sm:gap-4">
            <span className="min-w-0 flex-1">
              <span className="font-medium text-slate-900">{i.name}</span>{' '}
              <span className="text-slate-600">
                · {i.role} · <span className="break-all">{i.email}</span>
              </span>
            </span>
            <span className="font-mono font-bold tracking-wider">{i.code}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

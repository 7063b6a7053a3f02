import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ChevronLeftIcon, DownloadIcon, PrinterIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import './report-print.css';

export interface ReportPageProps {
  title: string;
  description: ReactNode;
  /** The hub the page belongs to (admin/reports or super-admin/reports). */
  backTo: string;
  /** The CSV of what is on screen; no link while the report loads. */
  csvUrl?: string;
  /** Session, term and school choices. */
  filters?: ReactNode;
  /** What the printed page says it is about ('Greenfield Academy · 2023/24 · Second term'). */
  printedFor?: string;
  children: ReactNode;
}

/** A school's report screen: the administrator's own school, or the one the super administrator chose. */
export interface SchoolReportScreenProps {
  /** The super administrator's choice; an administrator's reports are of their own school. */
  schoolId?: string;
  /** Where "All reports" leads. */
  backTo: string;
}

/** A report: its title, the choices, Export CSV and Print, and the figures (printed without the app around them). */
export function ReportPage({ title, description, backTo, csvUrl, filters, printedFor, children }: ReportPageProps) {
  return (
    <div className="report-print">
      <Link to={backTo} className="no-print mb-3 inline-flex items-center gap-1 text-sm font-medium text-secondary hover:underline">
        <ChevronLeftIcon size={16} /> All reports
      </Link>
      <PageHeader
        title={title}
        description={description}
        actions={
          <div className="no-print flex flex-wrap gap-2">
            {csvUrl ? (
              <a href={csvUrl} download className={buttonClasses({ variant: 'gray', size: 'sm' })}>
                <DownloadIcon size={18} /> Export CSV
              </a>
            ) : null}
            <Button variant="gray" size="sm" icon={<PrinterIcon size={18} />} onClick={() => window.print()} disabled={!csvUrl}>
              Print
            </Button>
          </div>
        }
      />
      {printedFor ? <p className="print-only mb-4 text-sm text-slate-700">{printedFor}</p> : null}
      {filters ? <div className="no-print mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{filters}</div> : null}
      {children}
    </div>
  );
}

/** The loading and error states of a report's query. */
export function ReportStatus({ query, what }: { query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown }; what: string }) {
  if (query.isPending) return <PageSpinner label={`Loading the ${what}`} />;
  if (query.isError) {
    return (
      <LoadError error={query.error}>
        <p>
          We could not load the {what}. {query.error?.message}
        </p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }
  return null;
}

/** A white card around one part of a report. */
export function ReportSection({ title, id, description, children }: { title: string; id: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="report-section mb-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-0.5 text-xs text-slate-500">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One headline number. */
export function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</dd>
      {detail ? <dd className="mt-0.5 text-xs text-slate-500">{detail}</dd> : null}
    </div>
  );
}

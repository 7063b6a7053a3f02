import type { ReactNode } from 'react';

export interface FigureCardProps {
  label: string;
  value: number;
  icon: ReactNode;
  detail?: ReactNode;
}

const numberFormat = new Intl.NumberFormat('en-NG');

/** One headline number of the dashboard. */
export function FigureCard({ label, value, icon, detail }: FigureCardProps) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-secondary" aria-hidden="true">
        {icon}
      </div>
      <dl className="min-w-0">
        <dt className="text-sm text-slate-600">{label}</dt>
        <dd className="mt-0.5 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{numberFormat.format(value)}</dd>
        {detail ? <dd className="mt-0.5 text-xs text-slate-500">{detail}</dd> : null}
      </dl>
    </div>
  );
}

/** The dashboards' building blocks: a stat card, a card with a heading, the loading skeleton and the error line. */
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';

export function StatCard({ label, value, icon, detail, action }: { label: string; value: ReactNode; icon: ReactNode; detail?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-secondary" aria-hidden="true">
        {icon}
      </div>
      <dl className="min-w-0 flex-1">
        <dt className="text-sm text-slate-600">{label}</dt>
        <dd
          className={`mt-0.5 font-bold tracking-tight text-slate-900 tabular-nums ${typeof value === 'string' && value.length > 10 ? 'text-xl' : 'text-2xl'}`}
        >
          {value}
        </dd>
        {detail ? <dd className="mt-0.5 text-xs text-slate-600">{detail}</dd> : null}
        {action ? <dd className="mt-1.5 text-sm">{action}</dd> : null}
      </dl>
    </div>
  );
}

export function Panel({
  id,
  title,
  action,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-slate-200 bg-white p-4 sm:p-5 ${className ?? ''}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Grey blocks where the figures will be, announced once to screen readers. */
export function FiguresSkeleton({ cards = 4, label = 'Loading your figures' }: { cards?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="mb-6">
      <span className="sr-only">{label}…</span>
      <div aria-hidden="true" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className="h-[5.5rem] animate-pulse rounded-xl border border-slate-200 bg-slate-100" />
        ))}
      </div>
      <div aria-hidden="true" className="mt-5 h-48 animate-pulse rounded-xl border border-slate-200 bg-slate-100" />
    </div>
  );
}

export function FiguresError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <LoadError error={error} className="mb-6">
      <p>The figures could not be loaded. {error.message}</p>
      <Button variant="gray" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </LoadError>
  );
}

/** "No register taken today"-style line inside a panel. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{children}</p>;
}

export const numberFormat = new Intl.NumberFormat('en-NG');
export const percent = (rate: number | null) => (rate === null ? '—' : `${rate.toLocaleString('en-NG', { maximumFractionDigits: 1 })}%`);

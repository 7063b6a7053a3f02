import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { InboxIcon } from './icons';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn('flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center', className)}
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary-50 text-secondary">{icon ?? <InboxIcon size={24} />}</div>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1.5 max-w-md text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

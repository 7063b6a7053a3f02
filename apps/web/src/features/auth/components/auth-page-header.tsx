import type { ReactNode } from 'react';

export function AuthPageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description ? <p className="mt-1.5 text-sm text-slate-600">{description}</p> : null}
    </div>
  );
}

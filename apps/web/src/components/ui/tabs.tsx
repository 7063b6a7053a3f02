import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/**
 * Tabs with the ARIA tab pattern: arrow keys move between tabs (roving tabindex), the selected
 * tab's panel follows. `idPrefix` keeps ids unique on the page.
 */
export function Tabs<T extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  idPrefix: string;
  tabs: ReadonlyArray<TabItem<T>>;
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}) {
  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        className="mb-5 flex gap-1 overflow-x-auto border-b border-slate-200"
        onKeyDown={(event) => {
          if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
          const index = tabs.findIndex((t) => t.id === selected);
          const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
          onSelect(next.id);
          document.getElementById(`${idPrefix}-tab-${next.id}`)?.focus();
        }}
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`${idPrefix}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={selected === t.id}
            aria-controls={`${idPrefix}-panel-${t.id}`}
            tabIndex={selected === t.id ? 0 : -1}
            onClick={() => onSelect(t.id)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors',
              selected === t.id ? 'border-secondary text-secondary' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel-${selected}`} aria-labelledby={`${idPrefix}-tab-${selected}`}>
        {children}
      </div>
    </>
  );
}

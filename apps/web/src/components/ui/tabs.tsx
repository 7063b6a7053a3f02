import { useEffect, useRef, type ReactNode } from 'react';
import { useHorizontalOverflow } from '@/hooks/use-horizontal-overflow';
import { cn } from '@/lib/cn';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/**
 * Tabs with the ARIA tab pattern: arrow keys move between tabs (roving tabindex), the selected
 * tab's panel follows. `idPrefix` keeps ids unique on the page. On a narrow screen the row scrolls
 * sideways, with a fade and a chevron on the side that hides more tabs, and the selected tab is
 * scrolled into view.
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
  const listRef = useRef<HTMLDivElement>(null);
  const overflow = useHorizontalOverflow(listRef);
  useEffect(() => {
    // the row alone scrolls (scrollIntoView would also move the page), leaving the tab clear of the fade
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab) return;
    const fade = 40;
    if (tab.offsetLeft < list.scrollLeft + fade) list.scrollLeft = Math.max(0, tab.offsetLeft - fade);
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth - fade)
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth + fade;
  }, [selected]);

  return (
    <>
      <div className="relative mb-5">
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          className="relative flex gap-1 overflow-x-auto border-b border-slate-200"
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
                '-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4',
                selected === t.id ? 'border-secondary text-secondary' : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        {overflow.start ? (
          <span
            aria-hidden="true"
            data-testid="tabs-more-before"
            className="pointer-events-none absolute top-0 bottom-px left-0 flex w-10 items-center bg-gradient-to-r from-slate-50 via-slate-50/90 to-transparent text-slate-500"
          >
            <ChevronLeftIcon size={16} />
          </span>
        ) : null}
        {overflow.end ? (
          <span
            aria-hidden="true"
            data-testid="tabs-more-after"
            className="pointer-events-none absolute top-0 right-0 bottom-px flex w-10 items-center justify-end bg-gradient-to-l from-slate-50 via-slate-50/90 to-transparent text-slate-500"
          >
            <ChevronRightIcon size={16} />
          </span>
        ) : null}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel-${selected}`} aria-labelledby={`${idPrefix}-tab-${selected}`}>
        {children}
      </div>
    </>
  );
}

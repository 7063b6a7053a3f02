import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT } from '@school/shared/search/constants';
import type { SearchResult } from '@school/shared/search/responses';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/cn';
import { useSearch } from '../api/search';

const GROUPS: Array<{ kind: SearchResult['kind']; label: string }> = [
  { kind: 'student', label: 'Students' },
  { kind: 'staff', label: 'Staff' },
  { kind: 'class', label: 'Classes' },
];

export interface SearchBoxProps {
  className?: string;
}

/**
 * The top bar's live search: a combobox (WAI-ARIA 1.2) whose listbox shows students, staff and
 * classes. It asks the server 250 ms after typing stops; arrow keys move through the results,
 * Enter opens the highlighted one (or the first), Escape closes the list (a second Escape clears).
 */
export function SearchBox({ className }: SearchBoxProps) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const typed = query.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useSearch(debounced);
  const settled = debounced === typed && typed.length >= SEARCH_MIN_LENGTH;
  const items = settled && results.data ? results.data.items : [];
  // the order the options appear in (grouped by kind), which the arrow keys follow
  const ordered = GROUPS.flatMap((group) => items.filter((item) => item.kind === group.kind));
  const expanded = open && typed.length > 0;

  let status: string | null = null;
  if (typed.length < SEARCH_MIN_LENGTH) status = SEARCH_TOO_SHORT;
  else if (!settled || results.isPending) status = 'Searching…';
  else if (results.isError) status = results.error.message;
  else if (ordered.length === 0) status = `No results for “${typed}”`;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function go(item: SearchResult) {
    close();
    setQuery('');
    inputRef.current?.blur();
    void navigate(item.path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) setOpen(true);
        if (ordered.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current < 0 ? (step === 1 ? 0 : ordered.length - 1) : (current + step + ordered.length) % ordered.length));
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const item = ordered[active] ?? ordered[0];
        if (expanded && item) go(item);
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (query) {
          event.preventDefault();
          setQuery('');
        }
        return;
      case 'Tab':
        close();
        return;
    }
  }

  const activeItem = expanded ? ordered[active] : undefined;

  return (
    <form role="search" className={cn('relative', className)} onSubmit={(event) => event.preventDefault()}>
      <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
      <input
        ref={inputRef}
        type="text"
        name="q"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeItem ? optionId(ordered.indexOf(activeItem)) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search students, staff, classes"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          if (query.trim()) setOpen(true);
        }}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-lg border border-slate-300 bg-slate-50 pr-8 pl-9 text-sm placeholder:text-slate-500 focus:bg-white lg:w-56 xl:w-72"
      />
      {expanded && typed.length >= SEARCH_MIN_LENGTH && (!settled || results.isFetching) ? (
        <Spinner size="sm" className="absolute top-1/2 right-3 -translate-y-1/2 text-secondary" />
      ) : null}
      <div
        className={cn(
          'absolute top-full left-0 z-40 mt-1 max-h-[70vh] w-[min(24rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg lg:right-0 lg:left-auto',
          !expanded && 'hidden',
        )}
      >
        {status ? (
          <p role="status" className="px-3 py-2.5 text-sm text-slate-600">
            {status}
          </p>
        ) : null}
        <div id={listboxId} role="listbox" aria-label="Search results">
          {GROUPS.map((group) => {
            const members = ordered.filter((item) => item.kind === group.kind);
            if (members.length === 0) return null;
            const headingId = `${id}-group-${group.kind}`;
            return (
              <div key={group.kind} role="group" aria-labelledby={headingId}>
                <div role="presentation" id={headingId} className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {group.label}
                </div>
                {members.map((item) => {
                  const index = ordered.indexOf(item);
                  return (
                    <div
                      key={`${item.kind}-${item.id}`}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseEnter={() => setActive(index)}
                      onClick={() => go(item)}
                      className={cn('cursor-pointer px-3 py-2', index === active ? 'bg-primary-50' : 'hover:bg-slate-50')}
                    >
                      <p className="truncate text-sm font-medium text-slate-900">{item.title}</p>
                      {item.subtitle ? <p className="truncate text-xs text-slate-500">{item.subtitle}</p> : null}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </form>
  );
}

import type { Role } from '@school/shared/auth/roles';
import { useState, type ReactNode } from 'react';
import { MenuIcon, SearchIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { Breadcrumbs, pageTitleFor } from './breadcrumbs';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  pathname: string;
  homePath: string;
  profilePath: string;
  user: { name: string; role: Role };
  onOpenMenu: () => void;
  onLogout: () => void;
  /** The session dropdown; absent for users without a school. */
  sessionSelect?: ReactNode;
}

interface SearchBoxProps {
  query: string;
  onQueryChange: (query: string) => void;
  className?: string;
}

function SearchBox({ query, onQueryChange, className }: SearchBoxProps) {
  return (
    <form
      role="search"
      className={cn('relative', className)}
      onSubmit={(event) => {
        // The search module is not here yet; the box keeps what was typed.
        event.preventDefault();
      }}
    >
      <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        name="q"
        aria-label="Search"
        placeholder="Search"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-slate-50 pr-3 pl-9 text-sm placeholder:text-slate-500 focus:bg-white lg:w-48 xl:w-64"
      />
    </form>
  );
}

/** Page title, breadcrumbs, session dropdown, search box and the user card. */
export function TopBar({ pathname, homePath, profilePath, user, onOpenMenu, onLogout, sessionSelect }: TopBarProps) {
  const [query, setQuery] = useState('');

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-4 lg:px-6">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          className="-ml-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
        >
          <MenuIcon size={22} />
        </button>
        <div className="min-w-0 flex-1">
          <p className="truncate text-base leading-tight font-bold text-slate-900 sm:text-lg" data-testid="top-bar-title">
            {pageTitleFor(pathname)}
          </p>
          <Breadcrumbs pathname={pathname} homePath={homePath} />
        </div>
        <SearchBox query={query} onQueryChange={setQuery} className="hidden lg:block" />
        {sessionSelect ? <div className="hidden sm:block">{sessionSelect}</div> : null}
        <UserMenu user={user} profilePath={profilePath} onLogout={onLogout} />
      </div>
      <div className="flex items-center gap-2 border-t border-slate-100 px-3 py-2 sm:px-4 lg:hidden">
        <SearchBox query={query} onQueryChange={setQuery} className="min-w-0 flex-1" />
        {sessionSelect ? <div className="sm:hidden">{sessionSelect}</div> : null}
      </div>
    </header>
  );
}

import type { Role } from '@school/shared/auth/roles';
import { ROLES_WITHOUT_SEARCH } from '@school/shared/search/constants';
import type { ReactNode } from 'react';
import { MenuIcon } from '@/components/ui/icons';
import { SearchBox } from '@/features/search/components/search-box';
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
  /** The offline strip (teachers: 'Offline · 2 changes waiting to sync'), under the bar. */
  syncStatus?: ReactNode;
}

/** Page title, breadcrumbs, session dropdown, search box and the user card. */
export function TopBar({ pathname, homePath, profilePath, user, onOpenMenu, onLogout, sessionSelect, syncStatus }: TopBarProps) {
  const search = !ROLES_WITHOUT_SEARCH.includes(user.role);
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
        {search ? <SearchBox className="hidden lg:block" /> : null}
        {sessionSelect ? <div className="hidden sm:block">{sessionSelect}</div> : null}
        <UserMenu user={user} profilePath={profilePath} onLogout={onLogout} />
      </div>
      <div className="flex items-center gap-2 border-t border-slate-100 px-3 py-2 sm:px-4 lg:hidden">
        {search ? <SearchBox className="min-w-0 flex-1" /> : null}
        {/* the session name is short and must show whole; the search box takes what is left */}
        {sessionSelect ? <div className="max-w-[60%] shrink-0 sm:hidden">{sessionSelect}</div> : null}
      </div>
      {syncStatus}
    </header>
  );
}

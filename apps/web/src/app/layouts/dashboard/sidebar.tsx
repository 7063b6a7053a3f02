import type { Area, Grant } from '@school/shared/auth/permissions';
import type { Role } from '@school/shared/auth/roles';
import { Link } from 'react-router';
import { ChevronsLeftIcon, ChevronsRightIcon, LogoutIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { APP_NAME } from '@/lib/app-info';
import { cn } from '@/lib/cn';
import { isNavItemActive, navItemsFor } from './navigation';

export interface SidebarProps {
  user: { role: Role; studentId?: string | null };
  /** The user's row of the permission matrix: items whose area they may not view are hidden. */
  grants?: Partial<Record<Area, Grant>>;
  homePath: string;
  pathname: string;
  collapsed: boolean;
  /** Absent in the phone drawer, which is always expanded. */
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
  /** Counts shown beside an area's item, e.g. unread notices on the Noticeboard. */
  badges?: Partial<Record<Area, number>>;
}

/** Logo, the role's menu and Logout; 12rem wide, or 4rem with icons only. */
export function Sidebar({ user, grants, homePath, pathname, collapsed, onToggleCollapsed, onNavigate, onLogout, loggingOut = false, badges }: SidebarProps) {
  const items = navItemsFor(user, grants);

  return (
    <div className="flex h-full flex-col bg-primary text-white">
      <div className={cn('flex h-16 shrink-0 items-center', collapsed ? 'justify-center px-2' : 'px-4')}>
        <Link to={homePath} onClick={onNavigate} className="rounded-lg" aria-label={`${APP_NAME} home`}>
          <Logo tone="light" compact={collapsed} />
        </Link>
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-3">
        <ul className="space-y-1">
          {items.map((navItem) => {
            const active = isNavItemActive(navItem, pathname, user.role);
            const Icon = navItem.icon;
            const badge = badges?.[navItem.area] ?? 0;
            return (
              <li key={navItem.to}>
                <Link
                  to={navItem.to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  title={collapsed ? navItem.label : undefined}
                  className={cn(
                    'relative flex h-11 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white',
                    collapsed ? 'justify-center px-0' : 'px-3',
                    active ? 'bg-white text-primary shadow-sm' : 'text-white/80 hover:bg-white/10 hover:text-white',
                  )}
                >
                  <Icon size={20} className="shrink-0" />
                  <span className={cn('truncate', collapsed && 'sr-only')}>{navItem.label}</span>
                  {/* <small>, not <span>: the item's label is its only span */}
                  {badge > 0 && collapsed ? (
                    <small className="absolute top-2 right-3 size-2.5 rounded-full bg-tertiary">
                      <small className="sr-only">{badge} unread</small>
                    </small>
                  ) : badge > 0 ? (
                    <small className="ml-auto rounded-full bg-tertiary px-1.5 text-xs font-semibold text-slate-950">
                      {badge}
                      <small className="sr-only"> unread</small>
                    </small>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="shrink-0 space-y-1 border-t border-white/15 px-2 py-3">
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          title={collapsed ? 'Logout' : undefined}
          className={cn(
            'flex h-11 w-full items-center gap-3 rounded-lg text-sm font-medium text-white/80 transition-colors hover:bg-white/10 hover:text-white',
            'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white disabled:opacity-60',
            collapsed ? 'justify-center' : 'px-3',
          )}
        >
          {loggingOut ? <Spinner size="sm" /> : <LogoutIcon size={20} className="shrink-0" />}
          <span className={cn(collapsed && 'sr-only')}>Logout</span>
        </button>
        {onToggleCollapsed ? (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className={cn(
              'flex h-10 w-full items-center gap-3 rounded-lg text-sm text-white/70 transition-colors hover:bg-white/10 hover:text-white',
              'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white',
              collapsed ? 'justify-center' : 'px-3',
            )}
          >
            {collapsed ? <ChevronsRightIcon size={20} /> : <ChevronsLeftIcon size={20} />}
            {collapsed ? null : <span aria-hidden="true">Collapse</span>}
          </button>
        ) : null}
      </div>
    </div>
  );
}

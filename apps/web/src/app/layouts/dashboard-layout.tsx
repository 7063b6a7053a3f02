import { homePathFor } from '@school/shared/auth/roles';
import { SIDEBAR_WIDTH } from '@school/shared/constants';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { SyncStatus } from '@/components/offline/sync-status';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CloseIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { SessionSelect } from '@/features/academic-sessions/components/session-select';
import { useMe } from '@/features/auth/api/get-me';
import { useLogout } from '@/features/auth/api/logout';
import { useUnreadNotices } from '@/features/noticeboard/api/get-noticeboard';
import { useMyGrants } from '@/features/organisations/api/get-my-permissions';
import { useDialogFocus } from '@/hooks/use-dialog-focus';
import { useStoredBoolean } from '@/hooks/use-stored-boolean';
import { cn } from '@/lib/cn';
import { registerServiceWorker } from '@/lib/offline';
import { listChanges } from '@/lib/outbox/outbox';
import { profilePathFor } from './dashboard/navigation';
import { RunningSchoolBanner } from './dashboard/running-school-banner';
import { Sidebar } from './dashboard/sidebar';
import { TopBar } from './dashboard/top-bar';

const COLLAPSED_KEY = 'school.sidebarCollapsed';

/** The signed-in shell of every role: sidebar (drawer on phones), top bar and the page. */
export function DashboardLayout() {
  const me = useMe();
  const grants = useMyGrants(me.data?.role);
  // the Noticeboard item's unread count (the super administrator manages notices, reads none)
  const unread = useUnreadNotices({ enabled: Boolean(me.data && me.data.role !== 'super_admin' && grants?.noticeboard?.view) });
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [collapsed, setCollapsed] = useStoredBoolean(COLLAPSED_KEY, false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [unsent, setUnsent] = useState(0);
  const drawerRef = useRef<HTMLDivElement>(null);
  useDialogFocus(drawerRef, drawerOpen, () => setDrawerOpen(false));
  // teachers keep working through a dropped connection (issue 21): the app and their registers and sheets stay in the browser
  const teacher = me.data?.role === 'teacher';
  useEffect(() => {
    if (teacher) registerServiceWorker();
  }, [teacher]);

  if (leaving) return <PageSpinner label="Signing out" />;
  if (me.data === null) {
    // The session ended while the page was open.
    const redirectTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auth/login?redirectTo=${redirectTo}`} replace />;
  }
  if (!me.data) return <PageSpinner />;

  const user = me.data;
  const homePath = homePathFor(user);

  /** Signing out forgets the changes waiting to sync (issue 21): a teacher with some is asked first. */
  function onLogout() {
    if (!teacher) return signOut();
    void listChanges(user.id)
      .catch(() => [])
      .then((changes) => (changes.length > 0 ? setUnsent(changes.length) : signOut()));
  }

  function signOut() {
    setUnsent(0);
    setDrawerOpen(false);
    setLeaving(true);
    logout.mutate(undefined, {
      onSuccess: () => {
        void navigate('/auth/login', { replace: true });
        toast.success('Logout Successful!');
      },
      onError: (error) => {
        setLeaving(false);
        toast.error(`Could not log out. ${error.message}`);
      },
    });
  }

  const sidebarProps = {
    user,
    grants,
    homePath,
    pathname: location.pathname,
    onLogout,
    loggingOut: logout.isPending,
    badges: { noticeboard: unread.data?.unread ?? 0 },
  };
  const sidebarWidth = { '--sidebar-width': collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.open } as CSSProperties;

  return (
    <div className="min-h-dvh" style={sidebarWidth}>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-primary shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>

      <aside aria-label="Sidebar" className="fixed inset-y-0 left-0 z-40 hidden w-[var(--sidebar-width)] transition-[width] duration-200 md:block">
        <Sidebar {...sidebarProps} collapsed={collapsed} onToggleCollapsed={() => setCollapsed(!collapsed)} />
      </aside>

      {drawerOpen ? (
        <div className="fixed inset-0 z-50 md:hidden">
          <div className="absolute inset-0 animate-fade-in bg-slate-950/50" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
          <div
            ref={drawerRef}
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
            tabIndex={-1}
            className="absolute inset-y-0 left-0 w-64 max-w-[85vw] animate-fade-in shadow-2xl"
          >
            <Sidebar {...sidebarProps} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
            <button
              type="button"
              onClick={() => setDrawerOpen(false)}
              aria-label="Close menu"
              className="absolute top-3.5 right-2 inline-flex size-9 items-center justify-center rounded-lg text-white/80 hover:bg-white/10 hover:text-white"
            >
              <CloseIcon size={20} />
            </button>
          </div>
        </div>
      ) : null}

      <div className="flex min-h-dvh flex-col transition-[padding] duration-200 md:pl-[var(--sidebar-width)]">
        <TopBar
          pathname={location.pathname}
          homePath={homePath}
          profilePath={profilePathFor(user)}
          user={user}
          onOpenMenu={() => setDrawerOpen(true)}
          onLogout={onLogout}
          sessionSelect={user.schoolId ? <SessionSelect /> : undefined}
          syncStatus={teacher ? <SyncStatus /> : undefined}
        />
        {user.actingOwner && user.schoolName ? <RunningSchoolBanner schoolName={user.schoolName} organisationName={user.organisationName} /> : null}
        <div
          aria-hidden="true"
          className={cn('h-0.5 origin-left bg-tertiary transition-transform duration-300', navigation.state === 'loading' ? 'scale-x-75' : 'scale-x-0')}
        />
        <main
          id="main-content"
          tabIndex={-1}
          aria-busy={navigation.state === 'loading' || undefined}
          className="mx-auto w-full max-w-[1440px] flex-1 px-3 py-5 focus:outline-none sm:px-4 md:py-6 lg:px-8"
        >
          <Outlet />
        </main>
        <ConfirmDialog
          open={unsent > 0}
          title="Log out and lose your unsent changes?"
          message={`${unsent === 1 ? '1 change is' : `${unsent} changes are`} saved on this device only and not sent yet. Logging out now loses ${unsent === 1 ? 'it' : 'them'}; reconnect first to send ${unsent === 1 ? 'it' : 'them'}.`}
          confirmLabel="Log out anyway"
          tone="danger"
          onConfirm={signOut}
          onCancel={() => setUnsent(0)}
        />
      </div>
    </div>
  );
}

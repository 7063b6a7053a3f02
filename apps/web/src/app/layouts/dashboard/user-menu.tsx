import { ROLE_LABELS, type Role } from '@school/shared/auth/roles';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { initials } from '@/lib/format';

export interface UserMenuProps {
  user: { name: string; role: Role };
  profilePath: string;
  onLogout: () => void;
}

const itemClasses =
  'flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

/** The top bar's user card and its menu (Profile, Logout), usable with the keyboard alone. */
export function UserMenu({ user, profilePath, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const focusFirst = useRef(true);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusFirst.current ? list[0] : list[list.length - 1])?.focus();

    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close({ restoreFocus }: { restoreFocus: boolean }) {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusFirst.current = event.key === 'ArrowDown';
      setOpen(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        close({ restoreFocus: true });
        break;
      case 'Tab':
        close({ restoreFocus: false });
        break;
      case 'ArrowDown':
        event.preventDefault();
        list[(index + 1) % list.length]?.focus();
        break;
      case 'ArrowUp':
        event.preventDefault();
        list[(index - 1 + list.length) % list.length]?.focus();
        break;
      case 'Home':
        event.preventDefault();
        list[0]?.focus();
        break;
      case 'End':
        event.preventDefault();
        list[list.length - 1]?.focus();
        break;
    }
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          focusFirst.current = true;
          setOpen((value) => !value);
        }}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-2.5 rounded-lg py-1 pr-1.5 pl-1 hover:bg-slate-100 sm:pr-2"
      >
        <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-bold text-white">
          {initials(user.name)}
        </span>
        {/* The name comes from this text (an aria-label would leave the visible name and role out
            of it, WCAG 2.5.3); below lg it is there for screen readers only. */}
        <span className="sr-only min-w-0 text-left lg:not-sr-only lg:block">
          <span className="block max-w-[10rem] truncate text-sm font-semibold text-slate-900">{user.name}</span>{' '}
          <span className="block text-xs text-slate-500">{ROLE_LABELS[user.role]}</span>
        </span>
        <ChevronDownIcon size={16} className={cn('hidden text-slate-500 transition-transform sm:block', open && 'rotate-180')} />
      </button>

      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-56 animate-fade-in rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="border-b border-slate-100 px-3 pt-1.5 pb-2.5 lg:hidden" role="none">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="text-xs text-slate-500">{ROLE_LABELS[user.role]}</p>
          </div>
          <Link to={profilePath} role="menuitem" tabIndex={-1} className={itemClasses} onClick={() => close({ restoreFocus: false })}>
            <UserIcon size={18} className="text-slate-500" />
            Profile
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClasses}
            onClick={() => {
              close({ restoreFocus: false });
              onLogout();
            }}
          >
            <LogoutIcon size={18} className="text-slate-500" />
            Logout
          </button>
        </div>
      ) : null}
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AUTH_LINKS, PRODUCT_NAME, SECTION_LINKS } from '../constants';
import { Icon } from './icon';
import { Logo } from './logo';
import { FOCUS_RING_DARK, FOCUS_RING_LIGHT } from './tone';

/**
 * Sticky top bar: logo, the four in-page anchors and the sign-in / register / admission links.
 * Below 1200 px (the xl breakpoint) the navigation collapses behind a "Menu" button (aria-expanded, Escape closes it
 * and returns focus to the button).
 */
export function SiteHeader({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navId = useId();
  const dark = tone === 'dark';
  const focus = dark ? FOCUS_RING_DARK : FOCUS_RING_LIGHT;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  const bar = dark ? 'bg-primary text-white border-white/10' : 'bg-white text-slate-800 border-slate-200';
  const anchor = dark ? 'text-white hover:bg-white/10' : 'text-slate-700 hover:bg-[#F7F3FB] hover:text-primary';
  const subtle = dark ? 'text-white hover:bg-white/10' : 'text-primary hover:text-secondary';
  const cta = dark ? 'bg-white text-primary hover:bg-[#F1EAF8]' : 'bg-primary text-white hover:bg-secondary';

  return (
    <header className={`sticky top-0 z-40 border-b ${bar}`}>
      <div className="relative mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
        <a href="#home" className={`rounded-md ${focus}`} aria-label={`${PRODUCT_NAME}, back to top`} onClick={close}>
          <Logo tone={tone} />
        </a>

        <button
          ref={buttonRef}
          type="button"
          className={`inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold xl:hidden ${
            dark ? 'hover:bg-white/10' : 'text-primary hover:bg-[#F7F3FB]'
          } ${focus}`}
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? 'close' : 'menu'} className="size-5" />
          {open ? 'Close' : 'Menu'}
          <span className="sr-only"> navigation</span>
        </button>

        <nav
          id={navId}
          aria-label="Main"
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] flex-col gap-4 overflow-y-auto border-b px-4 pt-2 pb-6 shadow-lg sm:px-6 ${bar} xl:static xl:flex xl:max-h-none xl:flex-1 xl:flex-row xl:items-center xl:justify-between xl:gap-6 xl:overflow-visible xl:border-0 xl:p-0 xl:shadow-none`}
        >
          <ul className="flex flex-col gap-1 xl:mx-auto xl:flex-row xl:gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  onClick={close}
                  className={`block rounded-md px-3 py-2 text-base font-medium whitespace-nowrap xl:text-sm ${anchor} ${focus}`}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <ul className="flex flex-col gap-2 border-t border-current/15 pt-4 xl:flex-row xl:items-center xl:gap-1 xl:border-0 xl:pt-0">
            <li>
              <Link
                to={AUTH_LINKS.applyForAdmission}
                className={`block rounded-md px-3 py-2 text-base font-semibold whitespace-nowrap xl:text-sm ${subtle} ${focus}`}
              >
                Apply for admission
              </Link>
            </li>
            <li>
              <Link to={AUTH_LINKS.login} className={`block rounded-md px-3 py-2 text-base font-semibold whitespace-nowrap xl:text-sm ${subtle} ${focus}`}>
                Login
              </Link>
            </li>
            <li>
              <Link
                to={AUTH_LINKS.registerSchool}
                className={`block rounded-md px-4 py-2 text-center text-base font-semibold whitespace-nowrap shadow-sm xl:ml-2 xl:text-sm ${cta} ${focus}`}
              >
                Register your school
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

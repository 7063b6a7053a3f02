import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../constants';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Page frame shared by both landing designs: skip link, header, main landmark, footer. */
export function LandingLayout({ headerTone, children }: { headerTone: 'light' | 'dark'; children: ReactNode }) {
  const { hash } = useLocation();

  useEffect(() => {
    const previous = document.title;
    document.title = `${PRODUCT_NAME} | ${PRODUCT_TAGLINE}`;
    return () => {
      document.title = previous;
    };
  }, []);

  // Client-side navigation to "/#features" does not scroll by itself; do it once the page is drawn.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);

  return (
    <div className="min-h-screen bg-white font-sans text-slate-900 antialiased">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-primary shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:outline-2 focus:outline-secondary"
      >
        Skip to main content
      </a>
      <SiteHeader tone={headerTone} />
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

import { Link } from 'react-router';
import { AUTH_LINKS, PRODUCT_NAME, PRODUCT_TAGLINE, SECTION_LINKS } from '../constants';
import { Logo } from './logo';
import { FOCUS_RING_DARK } from './tone';

const linkClass = `rounded text-[#E9DFF5] hover:text-white hover:underline ${FOCUS_RING_DARK}`;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-[#2A0C46] text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <Logo tone="dark" />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-[#E9DFF5]">{PRODUCT_TAGLINE}.</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-1 gap-8 min-[480px]:grid-cols-2 md:col-span-2">
          <div>
            <h2 className="text-sm font-semibold tracking-wide uppercase">On this page</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {SECTION_LINKS.map((link) => (
                <li key={link.id}>
                  <a href={`#${link.id}`} className={linkClass}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-sm font-semibold tracking-wide uppercase">Get started</h2>
            <ul className="mt-4 space-y-2 text-sm">
              <li>
                <Link to={AUTH_LINKS.registerSchool} className={linkClass}>
                  Register your school
                </Link>
              </li>
              <li>
                <Link to={AUTH_LINKS.applyForAdmission} className={linkClass}>
                  Apply for admission
                </Link>
              </li>
              <li>
                <Link to={AUTH_LINKS.login} className={linkClass}>
                  Login
                </Link>
              </li>
            </ul>
          </div>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-[#E9DFF5] sm:px-6 lg:px-8">
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

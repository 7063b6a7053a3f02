import { NavLink, Outlet } from 'react-router';
import { cn } from '@/lib/cn';

export const SUPER_ADMIN_SETTINGS_SECTIONS = [
  { path: 'system', label: 'System' },
  { path: 'permissions', label: 'Permissions' },
  { path: 'add-camera', label: 'Add Camera' },
  { path: 'academics', label: 'Academics' },
  { path: 'channels', label: 'Channels' },
  { path: 'session-setting', label: 'Session Setting' },
  { path: 'results', label: 'Results' },
  { path: 'referral', label: 'Referral' },
  { path: 'security-setting', label: 'Security Setting' },
  { path: 'payment', label: 'Payment' },
  { path: 'messaging', label: 'SMS and WhatsApp' },
] as const;

/** /super-admin/settings/*: a row of section tabs above the chosen section. */
export function Component() {
  return (
    <>
      <nav aria-label="Settings sections" className="-mx-3 mb-6 overflow-x-auto px-3 sm:mx-0 sm:px-0 lg:overflow-visible">
        {/* a phone scrolls the row; a wide screen wraps it, so that no tab hides past the edge */}
        <ul className="flex min-w-max gap-1 border-b border-slate-200 lg:min-w-0 lg:flex-wrap">
          {SUPER_ADMIN_SETTINGS_SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink
                to={`/super-admin/settings/${section.path}`}
                className={({ isActive }) =>
                  cn(
                    '-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive ? 'border-secondary text-primary' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}

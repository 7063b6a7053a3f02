import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

const TABS = [
  { to: '/admin/admissions', label: 'Serial codes', end: true },
  { to: '/admin/admissions/enrollment', label: 'New Enrollment' },
  { to: '/admin/admissions/application', label: 'Applications' },
  { to: '/admin/admissions/admitted', label: 'Admitted' },
  { to: '/admin/admissions/archived', label: 'Archived' },
  { to: '/admin/admissions/application-letter', label: 'Application Letter' },
] as const;

/** The admissions pages, one click apart. */
export function AdmissionsTabs() {
  return (
    <nav aria-label="Admissions" className="no-print mb-5 flex gap-1 overflow-x-auto border-b border-slate-200">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={'end' in tab}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors',
              isActive ? 'border-secondary text-secondary' : 'border-transparent text-slate-600 hover:text-slate-900',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

import { Link } from 'react-router';
import { ChevronRightIcon, GraduationIcon, SchoolIcon, UsersIcon, WalletIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useOrganisationOptions } from '../api/reports-api';
import { ReportsHub } from '../components/hub';

/** super-admin/reports: the organisation's schools compared. */
export function Component() {
  useDocumentTitle('Reports');
  const options = useOrganisationOptions();
  const schools = options.data?.schools ?? [];
  return (
    <ReportsHub
      title="Reports"
      description="Your schools side by side: charts and tables for a session and term, to export as CSV or print."
      cards={[
        {
          to: '/super-admin/reports/student',
          title: 'Student Report',
          description: 'Students of each school by level (Nursery, Primary, JSS, SSS) and gender.',
          icon: GraduationIcon,
        },
        { to: '/super-admin/reports/staff', title: 'Staff Report', description: 'Staff of each school by type, active and inactive.', icon: UsersIcon },
        {
          to: '/super-admin/reports/users',
          title: 'Users Report',
          description: 'Accounts of each school by role, and who is active, invited or disabled.',
          icon: UsersIcon,
        },
        {
          to: '/super-admin/reports/financial',
          title: 'Financial Report',
          description: 'Fees expected, collected and outstanding of each school for a term.',
          icon: WalletIcon,
        },
      ]}
    >
      {schools.length > 0 ? (
        <section aria-labelledby="school-reports-heading" className="mt-8">
          <h2 id="school-reports-heading" className="text-base font-semibold text-slate-900">
            One school’s reports
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A school’s students by class, staff, fees per class and attendance and results, as its administrator sees them.
          </p>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {schools.map((school) => (
              <li key={school.id}>
                <Link
                  to={`/super-admin/reports/schools/${school.id}`}
                  className="flex items-center justify-between gap-3 px-4 py-3 text-sm font-medium text-slate-900 hover:bg-primary-50"
                >
                  <span className="flex items-center gap-3">
                    <SchoolIcon size={18} className="text-secondary" aria-hidden="true" />
                    {school.name}
                  </span>
                  <ChevronRightIcon size={18} className="text-slate-400" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ReportsHub>
  );
}

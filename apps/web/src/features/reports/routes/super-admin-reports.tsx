import { GraduationIcon, UsersIcon, WalletIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ReportsHub } from '../components/hub';

/** super-admin/reports: the organisation's schools compared. */
export function Component() {
  useDocumentTitle('Reports');
  return (
    <ReportsHub
      title="Reports"
      description="Your schools side by side: charts and tables for a session and term, to export as CSV or print."
      cards={[
        { to: '/super-admin/reports/student', title: 'Student Report', description: 'Students of each school by level (Nursery, Primary, JSS, SSS) and gender.', icon: GraduationIcon },
        { to: '/super-admin/reports/staff', title: 'Staff Report', description: 'Staff of each school by type, active and inactive.', icon: UsersIcon },
        { to: '/super-admin/reports/users', title: 'Users Report', description: 'Accounts of each school by role, and who is active, invited or disabled.', icon: UsersIcon },
        { to: '/super-admin/reports/financial', title: 'Financial Report', description: 'Fees expected, collected and outstanding of each school for a term.', icon: WalletIcon },
      ]}
    />
  );
}

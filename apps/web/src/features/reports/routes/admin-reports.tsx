import { CalendarCheckIcon, GraduationIcon, UsersIcon, WalletIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ReportsHub } from '../components/hub';

/** admin/reports: the school's reports. */
export function Component() {
  useDocumentTitle('Reports');
  return (
    <ReportsHub
      title="Reports"
      description="Your school in figures for the session chosen at the top of the page: charts and tables to export as CSV or print."
      cards={[
        {
          to: '/admin/reports/student',
          title: 'Student Report',
          description: 'Students by class and gender, new admissions and statuses.',
          icon: GraduationIcon,
        },
        {
          to: '/admin/reports/staff',
          title: 'Staff Report',
          description: 'Staff by type, active and inactive, and each teacher’s classes and subjects.',
          icon: UsersIcon,
        },
        {
          to: '/admin/reports/financial',
          title: 'Financial Report',
          description: 'Fees expected, collected and outstanding per class for a term.',
          icon: WalletIcon,
        },
        {
          to: '/admin/reports/attendance-results',
          title: 'Attendance & Results',
          description: 'Attendance rate and class average of each class for a term.',
          icon: CalendarCheckIcon,
        },
      ]}
    />
  );
}

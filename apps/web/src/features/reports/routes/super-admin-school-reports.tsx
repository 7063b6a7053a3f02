import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ChartIcon, GraduationIcon, UsersIcon, WalletIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useOrganisationOptions } from '../api/reports-api';
import { ReportsHub } from '../components/hub';
import { ReportStatus } from '../components/report-page';

/** super-admin/reports/schools/:schoolId — one school's own reports, as its administrator sees them. */
export function Component() {
  const { schoolId = '' } = useParams();
  const options = useOrganisationOptions();
  const school = options.data?.schools.find((s) => s.id === schoolId);
  useDocumentTitle(school ? `${school.name} reports` : 'School reports');
  if (options.isPending) return <PageSpinner label="Loading your schools" />;
  if (options.isError) return <ReportStatus query={options} what="your schools" />;
  if (!school) return <Alert>School not found. It may belong to another organisation, or the link is mistyped.</Alert>;
  const base = `/super-admin/reports/schools/${school.id}`;
  return (
    <ReportsHub
      title={`${school.name} reports`}
      description="This school's own reports for its active session, with the same figures, CSV and print as its administrator's."
      backTo={{ to: '/super-admin/reports', label: 'All schools' }}
      cards={[
        { to: `${base}/student`, title: 'Student Report', description: 'Students by class and gender, new admissions and statuses.', icon: GraduationIcon },
        { to: `${base}/staff`, title: 'Staff Report', description: 'Staff by type and status, and each teacher’s classes and subjects.', icon: UsersIcon },
        { to: `${base}/financial`, title: 'Financial Report', description: 'Fees expected, collected and outstanding per class for a term.', icon: WalletIcon },
        {
          to: `${base}/attendance-results`,
          title: 'Attendance & Results',
          description: 'Each class’s attendance rate and class average for a term.',
          icon: ChartIcon,
        },
      ]}
    />
  );
}

import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { AcademicReportScreen } from './admin-academic-report';
import { FinancialReportScreen } from './admin-financial-report';
import { StaffReportScreen } from './admin-staff-report';
import { StudentReportScreen } from './admin-student-report';

const SCREENS = {
  student: StudentReportScreen,
  staff: StaffReportScreen,
  financial: FinancialReportScreen,
  'attendance-results': AcademicReportScreen,
} as const;

/** super-admin/reports/schools/:schoolId/:kind — one of a school's reports (the server checks the school is the organisation's). */
export function Component() {
  const { schoolId = '', kind = '' } = useParams();
  const Screen = SCREENS[kind as keyof typeof SCREENS];
  if (!Screen) return <Alert>Report not found.</Alert>;
  return <Screen schoolId={schoolId} backTo={`/super-admin/reports/schools/${schoolId}`} />;
}

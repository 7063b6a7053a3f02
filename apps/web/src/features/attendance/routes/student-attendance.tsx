import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { StudentAttendanceView } from '../components/student-attendance-view';

/** student/attendance/{id}: the student's month calendar and the term's totals. */
export function Component() {
  useDocumentTitle('Attendance');
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="Attendance" description="Each day your class register was taken, and your term so far." />
      <StudentAttendanceView studentId={id} heading="My attendance" />
    </>
  );
}

import { useParams } from 'react-router';
import { StudentAttendanceView } from '@/features/attendance/components/student-attendance-view';
import { ChildPage } from '@/features/parent/components/child-header';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /parent/children/:studentId/attendance: the child's month calendar and term totals. */
export function Component() {
  const { studentId = '' } = useParams();
  useDocumentTitle('Attendance');
  return <ChildPage studentId={studentId}>{(child) => <StudentAttendanceView studentId={studentId} heading={child.name} />}</ChildPage>;
}

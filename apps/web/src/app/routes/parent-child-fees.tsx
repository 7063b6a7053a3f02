import { useParams } from 'react-router';
import { ChildPage } from '@/features/parent/components/child-header';
import { StudentFeesView } from '@/features/finance/components/student-fees-view';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /parent/children/:studentId/fees: the child's invoices, payments, balance, receipts and Pay (the student's own view). */
export function Component() {
  const { studentId = '' } = useParams();
  useDocumentTitle('School Fees');
  return <ChildPage studentId={studentId}>{() => <StudentFeesView studentId={studentId} />}</ChildPage>;
}

import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { StudentFeesView } from '../components/student-fees-view';

/** student/fees/{id} */
export function Component() {
  useDocumentTitle('School Fees');
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="School Fees" description="Your invoices, payments, balance and receipts." />
      <StudentFeesView studentId={id} />
    </>
  );
}

import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { StudentSubjects } from '../components/student-subjects';

/** /student/subjects/:id */
export function Component() {
  useDocumentTitle('Subjects');
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="Subjects" description="Your subjects this session and who teaches them." />
      <StudentSubjects studentId={id} />
    </>
  );
}

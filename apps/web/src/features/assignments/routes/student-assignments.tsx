import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { StudentAssignments } from '../components/student-assignments';

/** student/assignments/:id: the assignments teachers have set for the student's class (our addition to the spec's routes). */
export function Component() {
  useDocumentTitle('Assignments');
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="Assignments" description="Assignments your teachers have set for your class this session." />
      <StudentAssignments studentId={id} />
    </>
  );
}

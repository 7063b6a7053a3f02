import { useParams } from 'react-router';
import { StudentAssignments } from '@/features/assignments/components/student-assignments';
import { ChildPage } from '@/features/parent/components/child-header';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /parent/children/:studentId/assignments: the assignments set for the child's class this session. */
export function Component() {
  const { studentId = '' } = useParams();
  useDocumentTitle('Assignments');
  return (
    <ChildPage studentId={studentId}>
      {() => (
        <>
          <h1 className="sr-only">Assignments</h1>
          <StudentAssignments studentId={studentId} />
        </>
      )}
    </ChildPage>
  );
}

import { useParams } from 'react-router';
import { StudentSubjects } from '@/features/academics/components/student-subjects';
import { ChildPage } from '@/features/parent/components/child-header';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /parent/children/:studentId/subjects: the child's subjects this session and their teachers. */
export function Component() {
  const { studentId = '' } = useParams();
  useDocumentTitle('Subjects');
  return (
    <ChildPage studentId={studentId}>
      {() => (
        <>
          <h1 className="sr-only">Subjects</h1>
          <StudentSubjects studentId={studentId} />
        </>
      )}
    </ChildPage>
  );
}

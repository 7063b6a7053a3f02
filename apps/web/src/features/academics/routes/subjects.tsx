import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSubjects } from '../api/get-subjects';
import { SubjectList } from '../components/subject-list';

/** /admin/academics/subject */
export function Component() {
  useDocumentTitle('Subjects');
  const subjects = useSubjects();
  const session = subjects.data?.session;
  return (
    <>
      <PageHeader
        title="Subjects"
        description={
          session
            ? `Your school's subjects and the classes of ${session.name} that take them. Open a subject to assign it or change its teachers.`
            : "Your school's subjects."
        }
        actions={
          <>
            <Link to="/admin/academics/import-subject-teachers" className={buttonClasses({ variant: 'gray' })}>
              Import subject teachers
            </Link>
            <Link to="/admin/academics/add-subject" className={buttonClasses({ variant: 'primary' })}>
              Add subject
            </Link>
          </>
        }
      />
      <SubjectList />
    </>
  );
}

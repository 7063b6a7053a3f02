import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { StudentsTable } from '../components/students-table';

/** teachers/students: the students of the classes this teacher teaches. */
export function Component() {
  useDocumentTitle('Students');
  return (
    <>
      <PageHeader title="Students" description="Students of the classes you teach (as class teacher or subject teacher) this session." />
      <StudentsTable profilePath={(id) => `/teachers/students/student-profile/${id}`} />
    </>
  );
}

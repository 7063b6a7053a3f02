import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { StudentsTable } from '../components/students-table';

/** admin/records/students */
export function Component() {
  useDocumentTitle('Students');
  return (
    <>
      <PageHeader title="Students" description="The students of the selected session, with their class." />
      <StudentsTable profilePath={(id) => `/admin/records/student-profile/${id}`} editPath={(id) => `/admin/records/edit-student/${id}`} showFees selectable />
    </>
  );
}

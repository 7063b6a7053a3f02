import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EditIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useStudent } from '../api/get-student';
import { StudentLoadError } from './student-load-error';
import { StudentProfileView, type SummaryLinks } from './student-profile-view';

/** The profile as staff see it: admin/records/student-profile/{id} and teachers/students/student-profile/{id}. */
export function StaffStudentProfile({
  listPath,
  editPath,
  summaryLinks,
}: {
  listPath: string;
  editPath?: (id: string) => string;
  summaryLinks?: (id: string) => SummaryLinks;
}) {
  const { id = '' } = useParams();
  const student = useStudent(id);
  useDocumentTitle(student.data?.name ?? 'Student Profile');

  if (student.isPending) return <PageSpinner label="Loading the profile" />;
  if (student.isError) return <StudentLoadError error={student.error} onRetry={() => void student.refetch()} backTo={listPath} backLabel="Back to students" />;
  return (
    <StudentProfileView
      student={student.data}
      summaryLinks={summaryLinks?.(student.data.id)}
      actions={
        editPath ? (
          <Link to={editPath(student.data.id)} className={buttonClasses({ variant: 'primary' })}>
            <EditIcon size={18} />
            Edit details
          </Link>
        ) : undefined
      }
      footer={
        <p>
          <Link to={listPath} className="text-sm font-semibold text-secondary hover:underline">
            ← Back to students
          </Link>
        </p>
      }
    />
  );
}

import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EditIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useOwnStudentProfile } from '../api/get-student';
import { StudentLoadError } from '../components/student-load-error';
import { StudentProfileView } from '../components/student-profile-view';

/** student/profile/{id}: the student's own profile, read-only. */
export function Component() {
  useDocumentTitle('My Profile');
  const { id = '' } = useParams();
  const student = useOwnStudentProfile(id);

  if (student.isPending) return <PageSpinner label="Loading your profile" />;
  if (student.isError) return <StudentLoadError error={student.error} onRetry={() => void student.refetch()} />;
  return (
    <StudentProfileView
      student={student.data}
      summaryLinks={{ attendance: `/student/attendance/${id}`, results: `/student/results/${id}`, fees: `/student/fees/${id}` }}
      actions={
        <Link to={`/student/profile/edit-profile/${id}`} className={buttonClasses({ variant: 'primary' })}>
          <EditIcon size={18} />
          Edit address
        </Link>
      }
    />
  );
}

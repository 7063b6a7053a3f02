import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useOwnStudentProfileForEditing } from '../api/get-student';
import { useUpdateOwnProfile } from '../api/update-student';
import { AddressForm } from '../components/address-form';
import { StudentLoadError } from '../components/student-load-error';

/** student/profile/edit-profile/{id}: the student changes their address. */
export function Component() {
  useDocumentTitle('Edit Profile');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const student = useOwnStudentProfileForEditing(id);
  const update = useUpdateOwnProfile();
  const profilePath = `/student/profile/${id}`;

  if (student.isError) return <StudentLoadError error={student.error} onRetry={() => void student.refetch()} />;
  if (!student.ready || !student.data) return <PageSpinner label="Loading your profile" />;

  return (
    <>
      <PageHeader title="Edit Profile" description="Keep your home address up to date." />
      <AddressForm
        key={student.data.id}
        defaultValues={{ address: student.data.address ?? '' }}
        onSave={(values) => update.mutateAsync({ id, values })}
        onCancel={() => void navigate(profilePath)}
        onSaved={() => {
          toast.success('Your address was updated.');
          void navigate(profilePath);
        }}
      />
    </>
  );
}

import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useStudentForEditing } from '../api/get-student';
import { useUpdateStudent } from '../api/update-student';
import { StudentDetailsForm, studentDetailsDefaults } from '../components/student-details-form';
import { StudentLoadError } from '../components/student-load-error';
import { StudentPhotoSection } from '../components/student-photo-section';

/** admin/records/edit-student/{id}: an administrator corrects a student's personal details and passport photo. */
export function Component() {
  useDocumentTitle('Edit Student');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const student = useStudentForEditing(id);
  const update = useUpdateStudent();
  const profilePath = `/admin/records/student-profile/${id}`;

  if (student.isError)
    return <StudentLoadError error={student.error} onRetry={() => void student.refetch()} backTo="/admin/records/students" backLabel="Back to students" />;
  if (!student.ready || !student.data) return <PageSpinner label="Loading the profile" />;
  const s = student.data;

  return (
    <>
      <PageHeader title={`Edit ${s.name}`} description={`${s.registrationNo} · Personal details as the school keeps them.`} />
      <StudentPhotoSection student={s} />
      <StudentDetailsForm
        key={s.id}
        defaultValues={studentDetailsDefaults(s)}
        onSave={(values) => update.mutateAsync({ id, values })}
        onCancel={() => void navigate(profilePath)}
        onSaved={(saved) => {
          toast.success(`${saved.name}’s details were updated.`);
          void navigate(profilePath);
        }}
      />
    </>
  );
}

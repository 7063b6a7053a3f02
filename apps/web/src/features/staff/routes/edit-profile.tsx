import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useStaffForEditing } from '../api/get-staff';
import { useUpdateStaff } from '../api/save-staff';
import { StaffForm } from '../components/staff-form';
import { StaffLoadError } from '../components/staff-load-error';

/** admin/academics/edit-profile/{id} */
export function Component() {
  useDocumentTitle('Edit Profile');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const staff = useStaffForEditing(id);
  const update = useUpdateStaff();
  const profilePath = `/admin/academics/staff-profile/${id}`;

  if (staff.isError) return <StaffLoadError error={staff.error} onRetry={() => void staff.refetch()} />;
  if (!staff.ready || !staff.data) return <PageSpinner label="Loading the profile" />;
  const s = staff.data;

  return (
    <>
      <PageHeader title={`Edit ${s.name}`} description="Changing the staff type between teacher and admin types changes what their account may do." />
      <StaffForm
        // a fresh form when the record changes underneath (another tab saved)
        key={s.id}
        defaultValues={{
          name: s.name,
          staffType: s.staffType,
          email: s.email ?? '',
          phone: s.phone ?? '',
          gender: s.gender ?? '',
          address: s.address ?? '',
          employedOn: s.employedOn ?? '',
        }}
        currentPhotoUrl={s.photoUrl}
        hasAccount={s.account !== null}
        submitLabel="Save changes"
        pendingLabel="Saving…"
        onSave={(input) => update.mutateAsync({ id, ...input })}
        onCancel={() => void navigate(profilePath)}
        onSaved={(saved) => {
          toast.success(`${saved.name}’s profile was updated.`);
          void navigate(profilePath);
        }}
      />
    </>
  );
}

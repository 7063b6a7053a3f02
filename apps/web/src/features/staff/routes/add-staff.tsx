import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCreateStaff } from '../api/save-staff';
import { StaffForm } from '../components/staff-form';

/** admin/academics/add-staff */
export function Component() {
  useDocumentTitle('Add Staff');
  const navigate = useNavigate();
  const create = useCreateStaff();
  return (
    <>
      <PageHeader
        title="Add Staff"
        description="Teachers, principals and admins get an email invitation to create their password; other staff need no account."
        actions={
          <Link to="/admin/academics/import-staff" className={buttonClasses({ variant: 'gray' })}>
            Import staff from CSV
          </Link>
        }
      />
      <StaffForm
        submitLabel="Add staff"
        pendingLabel="Adding…"
        onSave={create.mutateAsync}
        onCancel={() => void navigate('/admin/academics/staff')}
        onSaved={(staff) => {
          toast.success(staff.account ? `${staff.name} was added. An invitation was sent to ${staff.email}.` : `${staff.name} was added.`);
          void navigate(`/admin/academics/staff-profile/${staff.id}`);
        }}
      />
    </>
  );
}

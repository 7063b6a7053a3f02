import { ROLE_LABELS } from '@school/shared/auth/roles';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { CreateUserForm } from '../components/create-user-form';

/** super-admin/user-roles/create-user */
export function Component() {
  useDocumentTitle('Create User');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Create User" description="Add a person to one of your schools with a role. They are invited by email." />
      <CreateUserForm
        onCancel={() => void navigate('/super-admin/user-roles')}
        onCreated={(user) => {
          toast.success(`${user.name} is created as ${ROLE_LABELS[user.role]}. An invitation was sent to ${user.email}.`);
          void navigate('/super-admin/user-roles');
        }}
      />
    </>
  );
}

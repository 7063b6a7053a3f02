import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePermissions } from '../api/get-permissions';
import { CustomRoles } from '../components/custom-roles';
import { PermissionMatrixEditor } from '../components/permission-matrix-editor';

/** super-admin/settings/permissions */
export function Component() {
  useDocumentTitle('Permissions');
  const permissions = usePermissions();
  if (permissions.isPending) return <PageSpinner label="Loading permissions" />;
  if (permissions.isError) {
    return (
      <LoadError error={permissions.error}>
        Could not load the permissions. {permissions.error.message}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void permissions.refetch()}>
          Try again
        </button>
      </LoadError>
    );
  }
  return (
    <div className="space-y-5">
      <PermissionMatrixEditor matrix={permissions.data.matrix} />
      <CustomRoles roles={permissions.data.customRoles} />
    </div>
  );
}

import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SecurityCameras } from '../components/security-cameras';

/** admin/records/security: the cameras assigned to this school and role. */
export function Component() {
  useDocumentTitle('Security');
  return (
    <>
      <PageHeader title="Security" description="Your school’s security cameras and their recordings." />
      <SecurityCameras basePath="/admin/records/security" canManage={false} />
    </>
  );
}

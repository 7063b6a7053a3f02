import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApprovalsScreen } from '../components/approvals-screen';

/** admin/records/approvals: every class's results on their way to publication; the principal approves here. */
export function Component() {
  useDocumentTitle('Results approval');
  return (
    <>
      <PageHeader
        title="Results approval"
        description="Where each class's results stand before publication: sheets submitted, reviewed by the class teacher, approved by the principal."
      />
      <ApprovalsScreen role="admin" settingsPath="/admin/settings" />
    </>
  );
}

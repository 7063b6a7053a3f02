import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApprovalsScreen } from '../components/approvals-screen';

/** teachers/approvals: the sheets a teacher submitted, and the classes they review as class teacher. */
export function Component() {
  useDocumentTitle('Results approval');
  return (
    <>
      <PageHeader
        title="Results approval"
        description="Your submitted score sheets, and as a class teacher, your class's sheets to review before the principal approves."
      />
      <ApprovalsScreen role="teacher" />
    </>
  );
}

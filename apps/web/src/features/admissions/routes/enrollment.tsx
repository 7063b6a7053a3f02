import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApplicationsView } from '../components/applications-view';

/** admin/admissions/enrollment: pending applications to approve, reject or archive. */
export function Component() {
  useDocumentTitle('New Enrollment');
  return (
    <ApplicationsView
      title="New Enrollment"
      description="Applications waiting for a decision. Select rows to approve or archive them, or view one to decide on it."
      status="Pending"
      bulk={['accept', 'archive']}
      variant="enrollment"
    />
  );
}

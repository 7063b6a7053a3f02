import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApplicationsView } from '../components/applications-view';

/** admin/admissions/archived: archived applications, which can be restored to Pending. */
export function Component() {
  useDocumentTitle('Archived');
  return (
    <ApplicationsView
      title="Archived"
      description="Applications set aside. Restore one to send it back to New Enrollment; nothing is ever deleted."
      status="Archived"
      bulk={['restore']}
      variant="archived"
      searchable
    />
  );
}

import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApplicationsView } from '../components/applications-view';

/** admin/admissions/admitted: accepted applicants, with their class and admission letter. */
export function Component() {
  useDocumentTitle('Admitted');
  return (
    <ApplicationsView
      title="Admitted"
      description="Applicants you have accepted, with the class they were admitted into. Print each one’s admission letter."
      status="Accepted"
      variant="admitted"
      searchable
    />
  );
}

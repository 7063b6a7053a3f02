import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApplicationsView } from '../components/applications-view';

/** admin/admissions/application: every application, whatever its status. */
export function Component() {
  useDocumentTitle('Applications');
  return <ApplicationsView title="Applications" description="Every application your school has received, newest first." variant="all" searchable />;
}

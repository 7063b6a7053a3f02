import { useDocumentTitle } from '@/hooks/use-document-title';
import { ManageNotices } from '../components/manage-notices';

/** admin/noticeboard: the school's notices, managed. */
export function Component() {
  useDocumentTitle('Noticeboard');
  return <ManageNotices superAdmin={false} />;
}

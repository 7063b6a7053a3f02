import { useDocumentTitle } from '@/hooks/use-document-title';
import { ManageNotices } from '../components/manage-notices';

/** super-admin/noticeboard (our addition, decision 0016): notices to one or all of the organisation's schools. */
export function Component() {
  useDocumentTitle('Noticeboard');
  return <ManageNotices superAdmin />;
}

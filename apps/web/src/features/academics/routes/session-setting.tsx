import { useDocumentTitle } from '@/hooks/use-document-title';
import { SessionSettings } from '../components/session-settings';

/** /super-admin/settings/session-setting: sessions and terms of any school of the organisation. */
export function Component() {
  useDocumentTitle('Session Setting');
  return <SessionSettings chooseSchool />;
}

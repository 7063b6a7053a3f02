import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { MessageLog } from '../components/message-log';

/** Where the school's messaging settings live (a section of /admin/settings). */
const ADMIN_MESSAGING_SETTINGS_PATH = '/admin/settings#messaging';

/** admin/messages: the school's SMS and WhatsApp messages, with resends (issue 20). */
export function Component() {
  useDocumentTitle('Messages');
  return (
    <>
      <PageHeader
        title="Messages"
        description="SMS and WhatsApp messages to parents and staff, newest first: whom they reached, whom they did not and why."
        actions={
          <Link to={ADMIN_MESSAGING_SETTINGS_PATH} className="text-sm font-semibold text-secondary hover:underline">
            Messaging settings →
          </Link>
        }
      />
      <MessageLog settingsPath={ADMIN_MESSAGING_SETTINGS_PATH} />
    </>
  );
}

import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { MessagingSettingsSection } from '../components/messaging-settings-section';

/** super-admin/settings/messaging: the organisation's SMS and WhatsApp gateway and events (issue 20). */
export function Component() {
  useDocumentTitle('SMS and WhatsApp');
  return (
    <>
      <PageHeader
        title="SMS and WhatsApp"
        description="The Termii key, sender ID and events for every school of your organisation. A school's administrators may set their own."
      />
      <MessagingSettingsSection title="Gateway and events" />
    </>
  );
}

import { PageHeader } from '@/components/ui/page-header';
import { SessionSettings } from '@/features/academics/components/session-settings';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /admin/settings: the school's sessions and terms, then the administrator's password. */
export function Component() {
  useDocumentTitle('Settings');
  return (
    <>
      <PageHeader title="Settings" description="Your school's academic sessions and terms, and your password." />
      <div className="space-y-5">
        <SessionSettings />
        <ChangePasswordForm />
      </div>
    </>
  );
}

import { PageHeader } from '@/components/ui/page-header';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { ProfileSection } from '@/features/organisations/components/profile-section';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** super-admin/settings/system: the owner's own profile and password (two features composed). */
export function Component() {
  useDocumentTitle('System');
  return (
    <>
      <PageHeader title="System" description="Your profile and password." />
      <div className="space-y-5">
        <ProfileSection />
        <ChangePasswordForm />
      </div>
    </>
  );
}

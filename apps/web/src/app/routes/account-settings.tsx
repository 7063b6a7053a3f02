import { PageHeader } from '@/components/ui/page-header';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useMe } from '@/features/auth/api/get-me';
import { OwnChannelsSection } from '@/features/messaging/components/own-channels-section';
import { MyReferralsSection } from '@/features/referrals/components/my-referrals-section';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Each role's settings page: the account, a parent's SMS and WhatsApp choice, and the change-password form. */
export function Component() {
  useDocumentTitle('Settings');
  const { data: user } = useMe();
  return (
    <>
      <PageHeader title="Settings" description="Your account and password." />
      <div className="space-y-5">
        {user ? (
          <section aria-labelledby="account-heading" className="rounded-xl border border-slate-200 bg-white p-5 md:p-6">
            <h2 id="account-heading" className="text-base font-semibold text-slate-900">
              Account
            </h2>
            <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-500">Name</dt>
                <dd className="font-medium break-words text-slate-900">{user.name}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Email</dt>
                <dd className="font-medium break-words text-slate-900">{user.email}</dd>
              </div>
            </dl>
          </section>
        ) : null}
        {user?.role === 'parent' && user.schoolId ? <OwnChannelsSection /> : null}
        <ChangePasswordForm />
        {user?.schoolId ? <MyReferralsSection /> : null}
      </div>
    </>
  );
}

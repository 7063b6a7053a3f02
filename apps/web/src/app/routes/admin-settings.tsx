import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { SessionSettings } from '@/features/academics/components/session-settings';
import { AttendanceSettingsSection } from '@/features/attendance/components/attendance-settings-section';
import { useMe } from '@/features/auth/api/get-me';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { MessagingSettingsSection } from '@/features/messaging/components/messaging-settings-section';
import { SchoolLogoSection } from '@/features/organisations/components/school-logo-section';
import { ApprovalStepsSection } from '@/features/results/components/approval-steps-section';
import { FeeGateSection } from '@/features/results/components/fee-gate-section';
import { ResultSettingsSection } from '@/features/results/components/result-settings-section';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /admin/settings: the school's logo, sessions and terms, its results and messaging settings, then the administrator's password. */
export function Component() {
  useDocumentTitle('Settings');
  const { data: user } = useMe();
  return (
    <>
      <PageHeader title="Settings" description="Your school's logo, academic sessions and terms, and your password." />
      <div className="space-y-5">
        {user?.schoolId ? <SchoolLogoSection schoolId={user.schoolId} schoolName={user.schoolName ?? 'the school'} /> : null}
        <SessionSettings />
        <AttendanceSettingsSection />
        <ResultSettingsSection />
        <FeeGateSection />
        <ApprovalStepsSection />
        <MessagingSettingsSection />
        <section
          aria-labelledby="referrals-link-heading"
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:justify-between md:p-6"
        >
          <div>
            <h2 id="referrals-link-heading" className="text-base font-semibold text-slate-900">
              Referrals
            </h2>
            <p className="mt-1 text-sm text-slate-600">Referral campaigns, referrers’ earnings and their withdrawal requests.</p>
          </div>
          <Link to="/admin/settings/referral" className="text-sm font-semibold text-secondary hover:underline">
            Open Referrals →
          </Link>
        </section>
        <ChangePasswordForm />
      </div>
    </>
  );
}

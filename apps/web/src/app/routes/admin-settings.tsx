import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { SessionSettings } from '@/features/academics/components/session-settings';
import { AttendanceSettingsSection } from '@/features/attendance/components/attendance-settings-section';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { FeeGateSection } from '@/features/results/components/fee-gate-section';
import { ResultSettingsSection } from '@/features/results/components/result-settings-section';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /admin/settings: the school's sessions and terms, then the administrator's password. */
export function Component() {
  useDocumentTitle('Settings');
  return (
    <>
      <PageHeader title="Settings" description="Your school's academic sessions and terms, and your password." />
      <div className="space-y-5">
        <SessionSettings />
        <AttendanceSettingsSection />
        <ResultSettingsSection />
        <FeeGateSection />
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

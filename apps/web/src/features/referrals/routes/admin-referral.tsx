import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ReferralsScreen } from '../components/referrals-screen';

/** /admin/settings/referral: the school's Referrals screen. */
export function Component() {
  useDocumentTitle('Referrals');
  return (
    <>
      <PageHeader title="Referrals" description="Referral campaigns, the referrers’ points and earnings, and their withdrawal requests." />
      <ReferralsScreen />
    </>
  );
}

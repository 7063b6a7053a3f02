import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { AuditTrail } from '@/features/audit/components/audit-trail';
import { SecurityCameras } from '@/features/cameras/components/security-cameras';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TABS = [
  { id: 'cameras', label: 'Cameras' },
  { id: 'audit', label: 'Audit trail' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** super-admin/security: the organisation's security cameras, and its audit trail (?tab=audit). */
export function Component() {
  useDocumentTitle('Security');
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'audit' ? 'audit' : 'cameras';
  const select = (next: TabId) => setParams(next === 'cameras' ? {} : { tab: next }, { replace: true });

  return (
    <>
      <PageHeader title="Security" description="Your schools’ security cameras, and who changed what, and when." />
      <Tabs label="Security" idPrefix="security" tabs={TABS} selected={tab} onSelect={select}>
        {tab === 'audit' ? <AuditTrail /> : <SecurityCameras basePath="/super-admin/security" canManage />}
      </Tabs>
    </>
  );
}

import { Tabs } from '@/components/ui/tabs';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AuditTrail } from '../components/audit-trail';

const TABS = [
  { id: 'audit', label: 'Audit trail' },
  { id: 'cameras', label: 'Cameras' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** super-admin/security: the audit trail of the organisation, and (later) its cameras. */
export function Component() {
  useDocumentTitle('Security');
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'cameras' ? 'cameras' : 'audit';
  const select = (next: TabId) => setParams(next === 'audit' ? {} : { tab: next }, { replace: true });

  return (
    <>
      <PageHeader title="Security" description="Who changed what, and when, across your schools." />
      <Tabs label="Security" idPrefix="security" tabs={TABS} selected={tab} onSelect={select}>
        {tab === 'audit' ? (
          <AuditTrail />
        ) : (
          <EmptyState
            title="No cameras yet"
            description="Security cameras arrive with the security area: camera channels (Live, YouTube, Vimeo, Zoom) added under Settings will be shown and played here."
          />
        )}
      </Tabs>
    </>
  );
}

import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';
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
      <div
        role="tablist"
        aria-label="Security"
        className="mb-5 flex gap-1 overflow-x-auto border-b border-slate-200"
        onKeyDown={(event) => {
          if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
          const index = TABS.findIndex((t) => t.id === tab);
          const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
          select(next.id);
          document.getElementById(`security-tab-${next.id}`)?.focus();
        }}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`security-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`security-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors',
              tab === t.id ? 'border-secondary text-secondary' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`security-panel-${tab}`} aria-labelledby={`security-tab-${tab}`}>
        {tab === 'audit' ? (
          <AuditTrail />
        ) : (
          <EmptyState
            title="No cameras yet"
            description="Security cameras arrive with the security area: camera channels (Live, YouTube, Vimeo, Zoom) added under Settings will be shown and played here."
          />
        )}
      </div>
    </>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTerms } from '../api/finance-api';
import { FeeItemsSection } from '../components/fee-items-section';
import { InvoicesSection } from '../components/invoices-section';
import { OverviewSection } from '../components/overview-section';
import { PaymentsSection } from '../components/payments-section';
import { termLabel, TermSelect } from '../components/term-select';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'fee-items', label: 'Fee items' },
  { id: 'invoices', label: 'Invoices' },
  { id: 'payments', label: 'Payments' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** admin/finance: fee items, invoices, payments, totals and debtors of a term. */
export function Component() {
  useDocumentTitle('Finance');
  const terms = useTerms();
  const [termId, setTermId] = useState('');
  // the tab lives in the address (?tab=invoices), so it survives a reload and can be linked to
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.some((t) => t.id === params.get('tab')) ? (params.get('tab') as TabId) : 'overview';
  const setTab = (id: TabId) => setParams(id === 'overview' ? {} : { tab: id }, { replace: true });
  const items = useMemo(() => terms.data?.items ?? [], [terms.data]);
  useEffect(() => {
    if (!termId && items.length) setTermId((items.find((t) => t.isCurrent) ?? items[0]).id);
  }, [items, termId]);
  const term = items.find((t) => t.id === termId);

  return (
    <>
      <PageHeader title="Finance" description="Fee items, invoices, payments and receipts." />
      {terms.isPending ? <Spinner /> : null}
      {terms.isError ? (
        <LoadError error={terms.error} area="Finance">
          Terms could not be loaded.
        </LoadError>
      ) : null}
      {terms.isSuccess && items.length === 0 ? <EmptyState title="No terms yet" description="Set up the academic session and its terms first." /> : null}
      {term ? (
        <>
          <div className="mb-4 max-w-sm">
            <TermSelect terms={items} value={termId} onChange={setTermId} />
          </div>
          <Tabs label="Finance" idPrefix="finance" tabs={TABS} selected={tab} onSelect={setTab}>
            {tab === 'overview' ? <OverviewSection termId={termId} termName={termLabel(term)} /> : null}
            {tab === 'fee-items' ? <FeeItemsSection termId={termId} /> : null}
            {tab === 'invoices' ? <InvoicesSection termId={termId} /> : null}
            {tab === 'payments' ? <PaymentsSection termId={termId} /> : null}
          </Tabs>
        </>
      ) : null}
    </>
  );
}

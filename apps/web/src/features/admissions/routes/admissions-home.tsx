import type { AdmissionStatus } from '@school/shared/constants';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useApplicationSummary } from '../api/get-applications';
import { AdmissionsTabs } from '../components/admissions-tabs';
import { SerialCodesSection } from '../components/serial-codes-section';

const CARDS: Array<{ status: AdmissionStatus; label: string; to: string }> = [
  { status: 'Pending', label: 'Waiting for a decision', to: '/admin/admissions/enrollment' },
  { status: 'Accepted', label: 'Admitted', to: '/admin/admissions/admitted' },
  { status: 'Rejected', label: 'Rejected', to: '/admin/admissions/application' },
  { status: 'Archived', label: 'Archived', to: '/admin/admissions/archived' },
];

/** admin/admissions: the applications at a glance, and the serial codes that open the form. */
export function Component() {
  useDocumentTitle('Admissions');
  const summary = useApplicationSummary();
  return (
    <>
      <PageHeader
        title="Admissions"
        description="Serial codes, applications and admission letters."
        actions={
          <>
            <Link to="/admin/admissions/import" className={buttonClasses({ variant: 'gray' })}>
              Import students
            </Link>
            <Link to="/admin/admissions/admit" className={buttonClasses({ variant: 'primary' })}>
              Admit a student
            </Link>
          </>
        }
      />
      <AdmissionsTabs />
      <div className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {CARDS.map((card) => (
          <Link
            key={card.status}
            to={card.to}
            className="rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-secondary hover:bg-primary-50"
          >
            <p className="text-2xl font-bold text-slate-900">{summary.data ? summary.data.counts[card.status] : '–'}</p>
            <p className="mt-1 text-sm text-slate-600">{card.label}</p>
          </Link>
        ))}
      </div>
      <SerialCodesSection />
    </>
  );
}

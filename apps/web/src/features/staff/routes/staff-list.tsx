import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';
import { SchoolUsersTable } from '../components/school-users-table';
import { StaffTable } from '../components/staff-table';

const TABS = [
  { id: 'staff', label: 'Staff' },
  { id: 'users', label: 'Users and roles' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** admin/academics/staff: the staff table, and the school's user accounts with their roles. */
export function Component() {
  useDocumentTitle('Staff');
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'users' ? 'users' : 'staff';
  const select = (next: TabId) => setParams(next === 'staff' ? {} : { tab: next }, { replace: true });

  return (
    <>
      <PageHeader
        title="Staff"
        description="Your school’s staff, and every account that signs in with its role."
        actions={
          <Link to="/admin/academics/add-staff" className={buttonClasses({ variant: 'primary' })}>
            Add Staff
          </Link>
        }
      />
      <div
        role="tablist"
        aria-label="Staff and users"
        className="mb-5 flex gap-1 overflow-x-auto border-b border-slate-200"
        onKeyDown={(event) => {
          if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
          const index = TABS.findIndex((t) => t.id === tab);
          const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
          select(next.id);
          document.getElementById(`staff-tab-${next.id}`)?.focus();
        }}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`staff-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`staff-panel-${t.id}`}
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
      <div role="tabpanel" id={`staff-panel-${tab}`} aria-labelledby={`staff-tab-${tab}`}>
        {tab === 'staff' ? <StaffTable /> : <SchoolUsersTable />}
      </div>
    </>
  );
}

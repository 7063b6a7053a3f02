import { Tabs } from '@/components/ui/tabs';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
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
          <>
            <Link to="/admin/academics/import-staff" className={buttonClasses({ variant: 'gray' })}>
              Import staff
            </Link>
            <Link to="/admin/academics/add-staff" className={buttonClasses({ variant: 'primary' })}>
              Add Staff
            </Link>
          </>
        }
      />
      <Tabs label="Staff and users" idPrefix="staff" tabs={TABS} selected={tab} onSelect={select}>
        {tab === 'staff' ? <StaffTable /> : <SchoolUsersTable />}
      </Tabs>
    </>
  );
}

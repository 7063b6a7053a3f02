import { PageHeader } from '@/components/ui/page-header';
import { useMe } from '@/features/auth/api/get-me';
import { ParentFigures } from '@/features/dashboards/components/parent-figures';
import { ChildrenList } from '@/features/parent/components/children-list';
import { LatestNotices } from '@/features/noticeboard/components/latest-notices';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { firstName } from '@/lib/format';

export function Component() {
  useDocumentTitle('Dashboard');
  const { data: user } = useMe();
  const greetingName = user ? firstName(user.name) : null;
  return (
    <>
      <PageHeader title={greetingName ? `Welcome, ${greetingName}` : 'Dashboard'} description={user?.schoolName ?? user?.organisationName ?? undefined} />
      <h2 className="mb-3 text-base font-semibold text-slate-900">Your children</h2>
      <ChildrenList />
      <ParentFigures />
      <LatestNotices boardPath="/parent/noticeboard" />
    </>
  );
}

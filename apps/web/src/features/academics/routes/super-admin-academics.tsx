import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SessionSettings } from '../components/session-settings';

/**
 * /super-admin/settings/academics: the owner's academic settings of one school of the organisation,
 * chosen with the School picker — its sessions and terms (the current term) and its holidays, the
 * panels an administrator has under /admin/settings. The server takes the school from `?schoolId=`
 * (sessions) or from the session itself (holidays), for an owner any school of their organisation.
 */
export function Component() {
  useDocumentTitle('Academic settings');
  return (
    <>
      <PageHeader
        title="Academic settings"
        description={
          <>
            Choose a school, then set its sessions, term dates, current term and holidays. Its grading is under{' '}
            <Link to="/super-admin/settings/results" className="font-semibold text-secondary hover:underline">
              Results
            </Link>
            .
          </>
        }
      />
      <SessionSettings chooseSchool />
    </>
  );
}

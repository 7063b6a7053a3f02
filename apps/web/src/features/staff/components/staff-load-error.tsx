import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { isForbidden, NoAccess } from '@/components/ui/no-access';
import { isApiError } from '@/lib/api-client';

/** A staff record that could not be loaded: not found (or another school's), not for this role (403), or a failure to retry. */
export function StaffLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isForbidden(error)) return <NoAccess />;
  if (isApiError(error) && error.status === 404) {
    return (
      <EmptyState
        title="Staff member not found"
        description="They may have been deleted, or the link is wrong."
        action={
          <Link to="/admin/academics/staff" className={buttonClasses({ variant: 'primary' })}>
            Back to staff
          </Link>
        }
      />
    );
  }
  return (
    <EmptyState
      title="Could not load this staff member"
      description={error instanceof Error ? error.message : 'Something went wrong.'}
      action={
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

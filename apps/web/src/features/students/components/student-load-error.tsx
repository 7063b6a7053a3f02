import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { isForbidden, NoAccess } from '@/components/ui/no-access';
import { isApiError } from '@/lib/api-client';

/** A student record that could not be loaded: not found (another school's, or not yours), not for this role (403), or a failure to retry. */
export function StudentLoadError({ error, onRetry, backTo, backLabel }: { error: unknown; onRetry: () => void; backTo?: string; backLabel?: string }) {
  if (isForbidden(error)) return <NoAccess />;
  if (isApiError(error) && error.status === 404) {
    return (
      <EmptyState
        title="Student not found"
        description="The link may be wrong, or this student is not one you can see."
        action={
          backTo ? (
            <Link to={backTo} className={buttonClasses({ variant: 'primary' })}>
              {backLabel ?? 'Back'}
            </Link>
          ) : null
        }
      />
    );
  }
  return (
    <EmptyState
      title="Could not load this student"
      description={error instanceof Error ? error.message : 'Something went wrong.'}
      action={
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

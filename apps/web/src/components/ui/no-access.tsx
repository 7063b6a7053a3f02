import { isApiError } from '@/lib/api-client';
import { EmptyState } from './empty-state';
import { ShieldIcon } from './icons';

/** True when the server refused the request for this user (403): the page should say so, not "could not be loaded". */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

export interface NoAccessProps {
  /** The area of the page, e.g. "Finance". */
  area?: string;
}

/** The app's no-access state: a page or section the user's role may not open (permission matrix, ADR 0006). */
export function NoAccess({ area }: NoAccessProps) {
  return (
    <EmptyState
      icon={<ShieldIcon size={24} />}
      title="You do not have access to this page"
      description={`Your role does not include ${area ? `${area}` : 'this area'}. Ask your school’s administrator or the organisation’s owner if you need it.`}
    />
  );
}

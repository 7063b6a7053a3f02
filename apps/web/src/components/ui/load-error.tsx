import type { ReactNode } from 'react';
import { Alert } from './alert';
import { isForbidden, NoAccess } from './no-access';

export interface LoadErrorProps {
  /** The failed query's error (`query.error`). */
  error: unknown;
  /** The area the no-access state names on a 403, e.g. "Finance" ("this area" when absent). */
  area?: string;
  className?: string;
  /** The screen's own message ("We could not load the rates. …", a Try again button), for any other failure. */
  children: ReactNode;
}

/**
 * What a screen shows when its data did not load. A 403 is not a failure to retry: the permission
 * matrix switched the area off for the user's role, so the screen shows the no-access state instead.
 * A lint rule sends every "could not load" alert through here.
 */
export function LoadError({ error, area, className, children }: LoadErrorProps) {
  if (isForbidden(error)) return <NoAccess area={area} className={className} />;
  return <Alert className={className}>{children}</Alert>;
}

import { useId, useLayoutEffect, useSyncExternalStore } from 'react';
import { isApiError } from '@/lib/api-client';
import { EmptyState } from './empty-state';
import { ShieldIcon } from './icons';

/** True when the server refused the request for this user (403): the page should say so, not "could not be loaded". */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * The no-access states on screen, in the order they appeared. A page whose queries are all refused
 * alike (its options and its list; each section of the settings page) says so once: only the first shows.
 */
const mounted: string[] = [];
const listeners = new Set<() => void>();
const firstMounted = () => mounted[0] ?? null;
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function changed() {
  for (const listener of listeners) listener();
}

export interface NoAccessProps {
  /** The area of the page, e.g. "Finance". */
  area?: string;
  className?: string;
}

/** The app's no-access state: a page or section the user's role may not open (permission matrix, ADR 0006). */
export function NoAccess({ area, className }: NoAccessProps) {
  const id = useId();
  const first = useSyncExternalStore(subscribe, firstMounted, firstMounted);
  useLayoutEffect(() => {
    mounted.push(id);
    changed();
    return () => {
      mounted.splice(mounted.indexOf(id), 1);
      changed();
    };
  }, [id]);
  if (first !== null && first !== id) return null;
  return (
    <EmptyState
      className={className}
      icon={<ShieldIcon size={24} />}
      title="You do not have access to this page"
      description={`Your role does not include ${area ?? 'this area'}. Ask your school’s administrator or the organisation’s owner if you need it.`}
    />
  );
}

import type { SessionUser } from '@school/shared/auth/responses';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { listChanges, onOutboxChange, type OutboxChange } from '@/lib/outbox/outbox';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

/** The signed-in user's changes waiting in the outbox, kept up to date; null until first read. */
export function useOutbox(): OutboxChange[] | null {
  const userId = useQueryClient().getQueryData<SessionUser | null>(AUTH_ME_QUERY_KEY)?.id;
  const [changes, setChanges] = useState<OutboxChange[] | null>(null);
  useEffect(() => {
    if (!userId || typeof indexedDB === 'undefined') {
      setChanges([]);
      return;
    }
    let live = true;
    const read = () =>
      void listChanges(userId)
        .then((list) => live && setChanges(list))
        .catch(() => live && setChanges([]));
    read();
    const stop = onOutboxChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return changes;
}

/** The change of one register or sheet waiting in the outbox: `loaded` false until the outbox was read. */
export function usePendingChange(key: string | null): { loaded: boolean; change: OutboxChange | null } {
  const changes = useOutbox();
  if (!key) return { loaded: true, change: null };
  return { loaded: changes !== null, change: changes?.find((c) => c.key === key) ?? null };
}

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser believes it has a connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ReactNode } from 'react';
import { ToastHost } from '@/components/ui/toast-host';
import { createPersistOptions } from '@/lib/query-client';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** When this page started: queries with older data came from storage. */
const pageLoadedAt = Date.now();

/** Query cache (persisted to localStorage) and the toasts. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const [persistOptions] = useState(createPersistOptions);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      // The stored cache shows at once, but may be older than the last write (the store is
      // throttled): every query restored from it is refreshed from the server (mostly a 304). What
      // this page load has already fetched (the bootstrap and what it seeded) is left alone.
      onSuccess={() => void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < pageLoadedAt })}
    >
      {children}
      <ToastHost />
    </PersistQueryClientProvider>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ReactNode } from 'react';
import { ToastHost } from '@/components/ui/toast-host';
import { createPersistOptions } from '@/lib/query-client';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Query cache (persisted to localStorage) and the toasts. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const [persistOptions] = useState(createPersistOptions);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      // The stored cache shows at once, but may be older than the last write (the store is
      // throttled); every restored query is refreshed from the server.
      onSuccess={() => void queryClient.invalidateQueries()}
    >
      {children}
      <ToastHost />
    </PersistQueryClientProvider>
  );
}

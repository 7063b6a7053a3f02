import { QUERY_CACHE } from '@school/shared/constants';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { defaultShouldDehydrateQuery, MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { isApiError } from './api-client';
import { APP_VERSION } from './app-info';

/** The signed-in user. Never persisted: who is signed in is always asked of the server. */
export const AUTH_ME_QUERY_KEY = ['auth', 'me'] as const;

function isAuthMeQuery(query: Pick<Query, 'queryKey'>): boolean {
  return query.queryKey[0] === AUTH_ME_QUERY_KEY[0] && query.queryKey[1] === AUTH_ME_QUERY_KEY[1];
}

/** Client errors (other than timeouts and rate limits) will not change on a retry. */
function isWorthRetrying(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return !(error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);
}

export function retryDelay(attempt: number): number {
  return Math.min(QUERY_CACHE.retryBaseMs * 2 ** attempt, QUERY_CACHE.retryMaxMs);
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // The session ended on the server (expired, logged out elsewhere): the shell sees the
        // signed-out user and sends them to the login page.
        if (isApiError(error) && error.status === 401 && !isAuthMeQuery(query)) {
          queryClient.setQueryData(AUTH_ME_QUERY_KEY, null);
        }
      },
    }),
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE.gcTimeMs,
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < QUERY_CACHE.retries && isWorthRetrying(error),
        retryDelay,
        refetchOnWindowFocus: false,
        // without a connection a request is still tried once: the service worker may answer it from
        // what it kept (issue 21); TanStack's default would wait for the browser to be online
        networkMode: 'offlineFirst',
      },
      mutations: { retry: 0 },
    },
  });
  // Signed out, however it happened (the sign-out button clears everything itself; a session that
  // expired or ended elsewhere does not): what the last user's pages kept in the cache, and so in
  // localStorage, goes. Only queries no page shows: a public page's own stay.
  // A page still open when the session ends keeps its queries until it unmounts (the shell then shows
  // the sign-in page): each goes as its last observer leaves.
  const signedOut = () => queryClient.getQueryData(AUTH_ME_QUERY_KEY) === null;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && isAuthMeQuery(event.query) && event.query.state.data === null) {
      queryClient.removeQueries({ type: 'inactive', predicate: (query) => !isAuthMeQuery(query) });
    } else if (event.type === 'observerRemoved' && !isAuthMeQuery(event.query) && !event.query.isActive() && signedOut()) {
      queryClient.removeQueries({ queryKey: event.query.queryKey, exact: true });
    }
  });
  return queryClient;
}

/** localStorage persistence: one day, 1 s write throttle, discarded when the app version changes. */
export function createPersistOptions(): PersistQueryClientProviderProps['persistOptions'] {
  const persister = createSyncStoragePersister({
    storage: typeof window === 'undefined' ? undefined : window.localStorage,
    key: 'school.query-cache',
    throttleTime: QUERY_CACHE.persistThrottleMs,
  });
  return {
    persister,
    maxAge: QUERY_CACHE.maxAgeMs,
    buster: APP_VERSION,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && !isAuthMeQuery(query),
    },
  };
}

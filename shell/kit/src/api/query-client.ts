import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-fetch';
import { writeQueue } from '../offline/write-queue';
import { NetworkError } from '../offline/reachability';

/** Key of the session query (see getAuthUserQueryOptions); kept here to avoid an import cycle. */
const AUTH_USER_KEY = ['auth', 'user'] as const;

/**
 * The QueryClient with the product's defaults (docs/product.md, 'API'): data never stale, no refetch on window focus,
 * no interval, no retries for queries or mutations (but the one below). Mutations run with no signal too
 * (`networkMode: 'always'`): the kit's write queue, not the query client, decides what waits for signal.
 * The page's write queue refreshes this client's queries once a change waiting in it is saved.
 *
 * A query whose request cannot reach the server (a {@link NetworkError}: no signal, also on a Wi-Fi
 * with no uplink where the browser believes it is online) is not an error: that failure takes the
 * page offline (offline/reachability.ts), and the query's one retry waits, paused (TanStack's
 * `networkMode: 'online'`), until the server answers again. Meanwhile it keeps what it had (the
 * persisted cache's copy after a reload) and screens show it, never an error in its place.
 *
 * A 401 from any query or mutation means the session has ended (signed out elsewhere, or the
 * member was deactivated or removed): the cached user is cleared, so the shell shows the login
 * screen at once, and every other cached resource is dropped.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (client.getQueryData(AUTH_USER_KEY) === null) return;
    client.setQueryData(AUTH_USER_KEY, null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: retryUnreachable },
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
  writeQueue.attach(client);
  return client;
}

/** Queries are retried only when their request did not reach the server: the retry pauses until it can (see createQueryClient). */
function retryUnreachable(_failureCount: number, error: unknown): boolean {
  return error instanceof NetworkError;
}

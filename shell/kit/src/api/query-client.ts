import { QueryClient } from '@tanstack/react-query';

/**
 * The QueryClient with the spec's defaults (§7): data never stale, no refetch on window focus,
 * no interval, no retries for queries or mutations.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: 0 },
      mutations: { retry: 0 },
    },
  });
}

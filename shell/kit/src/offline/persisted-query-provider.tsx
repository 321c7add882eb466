import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { queryPersistOptions } from './query-persistence';

/**
 * The QueryClientProvider of the shell: the cache is restored from IndexedDB before queries
 * run, and written back as it changes (queryPersistOptions; `build` identifies the build). What was
 * restored (older than this page) is marked stale, so it is refreshed when shown with signal. Where there is no IndexedDB it is a plain QueryClientProvider.
 */
export function PersistedQueryClientProvider({ client, build, children }: { client: QueryClient; build: string; children: ReactNode }) {
  const [options] = useState(() => queryPersistOptions(build));
  const [startedAt] = useState(() => Date.now());
  if (!options) return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return (
    <PersistQueryClientProvider client={client} persistOptions={options} onSuccess={() => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.state.dataUpdatedAt < startedAt })}>
      {children}
    </PersistQueryClientProvider>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { queryPersistOptions } from './query-persistence';

/**
 * Runs a task once the first screen is shown (the shell's afterFirstScreen); answers a function
 * that cancels it if it has not run yet.
 */
export type AfterFirstScreen = (task: () => void) => () => void;

/**
 * The QueryClientProvider of the shell: the cache is restored from IndexedDB before queries
 * run, and written back as it changes (queryPersistOptions; `build` identifies the build). What was
 * restored (older than this page) shows at once, without a request, and is revalidated in the
 * background right after the first screen (`afterFirstScreen`): every restored query, the session
 * check included, is marked stale then, so the shown ones refetch at once (a teammate's change made
 * while the device was away appears, and an ended session goes to the login screen) and the others
 * when shown. Marking them stale before the first screen would make that screen's start wait for
 * (and spend a round trip on) data it already has. Where there is no IndexedDB it is a plain
 * QueryClientProvider.
 */
export function PersistedQueryClientProvider({ client, build, afterFirstScreen, children }: { client: QueryClient; build: string; afterFirstScreen: AfterFirstScreen; children: ReactNode }) {
  const [options] = useState(() => queryPersistOptions(build));
  const [startedAt] = useState(() => Date.now());
  const cancelRevalidation = useRef<() => void>(() => {});
  useEffect(() => () => cancelRevalidation.current(), []);
  if (!options) return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const revalidateAfterFirstScreen = () => {
    cancelRevalidation.current = afterFirstScreen(() => void client.invalidateQueries({ predicate: (q) => q.state.dataUpdatedAt < startedAt }));
  };
  return (
    <PersistQueryClientProvider client={client} persistOptions={options} onSuccess={revalidateAfterFirstScreen}>
      {children}
    </PersistQueryClientProvider>
  );
}

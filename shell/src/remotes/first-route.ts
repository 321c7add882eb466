import { matchPath } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { getAuthUserQueryOptions, getCarsQueryOptions } from '@pitwall/kit';
import { loadRemoteApp } from './remote-config';
import { REMOTE_PATHS, type RemoteName } from './remote-paths';

/** The remote that shows `pathname`, or undefined (the shell's 404 page). */
export function remoteOfPath(pathname: string): RemoteName | undefined {
  return REMOTE_PATHS.find(([pattern]) => matchPath(pattern, pathname))?.[1];
}

/**
 * The data a route's first screen asks for, through the kit's query options, so the shell can
 * start it before the remote's code has loaded: the dashboard's car list.
 */
const ROUTE_DATA: readonly (readonly [pattern: string, prefetch: (queryClient: QueryClient) => Promise<void>])[] = [
  ['/', (queryClient) => queryClient.prefetchQuery(getCarsQueryOptions())],
];

/**
 * A flat waterfall: on the first load, starts the code of the remote that shows
 * `pathname` at once, and its data as soon as the session check (started by index.html) says who
 * is signed in, instead of after the remote's code has loaded and rendered. Failures are left to the
 * route itself (its error boundary, its query's error state).
 */
export function prefetchFirstRoute(queryClient: QueryClient, pathname: string): void {
  const remote = remoteOfPath(pathname);
  if (remote) loadRemoteApp(remote).catch(() => undefined);
  const prefetch = ROUTE_DATA.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  if (!prefetch) return;
  void queryClient.fetchQuery(getAuthUserQueryOptions()).then((user) => (user ? prefetch(queryClient) : undefined));
}

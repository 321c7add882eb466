import { matchPath, type Params } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { getAuthUserQueryOptions, getCarsQueryOptions, getCarViewQueryOptions, getRaceEventViewQueryOptions, preloadKitScreenParts } from '@pitwall/kit';
import { loadRemoteApp } from './remote-config';
import { REMOTE_PATHS, type RemoteName } from './remote-paths';

/** The remote that shows `pathname`, or undefined (the shell's 404 page). */
export function remoteOfPath(pathname: string): RemoteName | undefined {
  return REMOTE_PATHS.find(([pattern]) => matchPath(pattern, pathname))?.[1];
}

/** A path segment holding a whole positive number (an id) as that number, or undefined. */
function idOf(segment: string | undefined): number | undefined {
  return segment && /^\d+$/.test(segment) ? Number(segment) : undefined;
}

/**
 * The data a route's first screen asks for, through the kit's query options, so the shell can
 * start it before the remote's code has loaded: the dashboard's car list, the car page's view, and
 * on any screen of a race event (its tabs, a session's run sheet, its forms) the race event's view,
 * which every one of them waits for before it asks for anything else, and the kit's lazy parts
 * (preloadKitScreenParts): the race event's Tabs hold the screen, so they would otherwise be fetched only
 * once the remote has rendered.
 */
const ROUTE_DATA: readonly (readonly [pattern: string, prefetch: (queryClient: QueryClient, params: Params) => Promise<void>])[] = [
  ['/', (queryClient) => queryClient.prefetchQuery(getCarsQueryOptions())],
  [
    '/car/:id',
    async (queryClient, params) => {
      const carId = idOf(params.id);
      if (carId !== undefined) await queryClient.prefetchQuery(getCarViewQueryOptions(carId));
    },
  ],
  [
    '/car/:id/events/:raceEventId/*',
    async (queryClient, params) => {
      const [carId, raceEventId] = [idOf(params.id), idOf(params.raceEventId)];
      if (carId === undefined || raceEventId === undefined) return;
      void preloadKitScreenParts();
      await queryClient.prefetchQuery(getRaceEventViewQueryOptions(carId, raceEventId));
    },
  ],
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
  for (const [pattern, prefetch] of ROUTE_DATA) {
    const match = matchPath(pattern, pathname);
    if (!match) continue;
    void queryClient.fetchQuery(getAuthUserQueryOptions()).then((user) => (user ? prefetch(queryClient, match.params) : undefined));
    return;
  }
}

import { matchPath, type Params } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { getAuthUserQueryOptions, getCarsQueryOptions, getCarViewQueryOptions, getRaceEventViewQueryOptions, preloadKitScreenParts, type ScreenView } from '@pitwall/kit';
import { loadRemoteApp } from './remote-config';
import { REMOTE_PATHS, type RemoteName } from './remote-paths';

/** The entry of REMOTE_PATHS that shows `pathname` (the first that holds) and the path's params, or undefined (the shell's 404 page). */
function screenOfPath(pathname: string) {
  for (const [pattern, remote, , view] of REMOTE_PATHS) {
    const match = matchPath(pattern, pathname);
    if (match) return { remote, view, params: match.params };
  }
  return undefined;
}

/** The remote that shows `pathname`, or undefined (the shell's 404 page). */
export function remoteOfPath(pathname: string): RemoteName | undefined {
  return screenOfPath(pathname)?.remote;
}

/** A path segment holding a whole positive number (an id) as that number, or undefined. */
function idOf(segment: string | undefined): number | undefined {
  return segment && /^[1-9]\d*$/.test(segment) ? Number(segment) : undefined;
}

/**
 * How each first view (a screen's `view` in its remote's table) is put into the query cache, through
 * the kit's query options, so the shell can start it before the remote's code has loaded: the
 * dashboard's car list, the car page's view, and a race event's view, which every one of its
 * screens waits for before it asks for anything else, with the kit's lazy parts
 * (preloadKitScreenParts): the race event's Tabs hold the screen, so they would otherwise be fetched
 * only once the remote has rendered.
 */
const PREFETCH_VIEW: Readonly<Record<ScreenView, (queryClient: QueryClient, params: Params) => Promise<void>>> = {
  cars: (queryClient) => queryClient.prefetchQuery(getCarsQueryOptions()),
  car: async (queryClient, params) => {
    const carId = idOf(params.id);
    if (carId !== undefined) await queryClient.prefetchQuery(getCarViewQueryOptions(carId));
  },
  raceEvent: async (queryClient, params) => {
    const [carId, raceEventId] = [idOf(params.id), idOf(params.raceEventId)];
    if (carId === undefined || raceEventId === undefined) return;
    void preloadKitScreenParts();
    await queryClient.prefetchQuery(getRaceEventViewQueryOptions(carId, raceEventId));
  },
};

/**
 * A flat waterfall: on the first load, starts the code of the remote that shows `pathname` at once,
 * and its screen's first view as soon as the session check (started by index.html) says who is
 * signed in, instead of after the remote's code has loaded and rendered. Failures are left to the
 * route itself (its error boundary, its query's error state).
 */
export function prefetchFirstRoute(queryClient: QueryClient, pathname: string): void {
  const screen = screenOfPath(pathname);
  if (!screen) return;
  loadRemoteApp(screen.remote).catch(() => undefined);
  const { view, params } = screen;
  void queryClient.fetchQuery(getAuthUserQueryOptions()).then((user) => (user && view ? PREFETCH_VIEW[view](queryClient, params) : undefined));
}

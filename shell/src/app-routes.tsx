import { Route, Routes, matchPath, useLocation } from 'react-router-dom';
import { NotFoundPage } from '@pitwall/kit';
import { AppLayout } from './features/layout/app-layout';
import { RemoteRoute } from './remotes/remote-route';
import type { RemoteName } from './remotes/remote-config';

/**
 * Which paths belong to which remote (spec §2 routes). Anything else is the shell's 404 page.
 * 'car/:id/issues' and 'car/:id/gallery' go to mfe_cars, which shows the 404 page until it has them.
 */
export const REMOTE_PATHS: readonly (readonly [pattern: string, remote: RemoteName])[] = [
  ['/', 'mfe_cars'],
  ['/car/:id', 'mfe_cars'],
  ['/car/:id/issues/*', 'mfe_cars'],
  ['/car/:id/gallery/*', 'mfe_cars'],
  ['/car/:id/events/*', 'mfe_events'],
  ['/teams/*', 'mfe_teams'],
  ['/settings/*', 'mfe_teams'],
];

/**
 * Picks the remote for the current path. It sits under a splat route at '/', so each remote's own
 * <Routes> match full paths ('car/:id'); the same remote stays mounted while its paths change.
 */
function RemoteSwitch() {
  const { pathname } = useLocation();
  const remote = REMOTE_PATHS.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  if (!remote) return <NotFoundPage />;
  return <RemoteRoute key={remote} remote={remote} />;
}

/** The signed-in routes: the layout around whichever remote (or the 404 page) the path picks. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="*" element={<RemoteSwitch />} />
      </Route>
    </Routes>
  );
}

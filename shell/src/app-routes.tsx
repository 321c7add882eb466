import { Route, Routes, useLocation } from 'react-router-dom';
import { NotFoundPage } from '@pitwall/kit';
import { AppLayout } from './features/layout/app-layout';
import { RemoteRoute } from './remotes/remote-route';
import { remoteOfPath } from './remotes/first-route';

/**
 * Picks the remote for the current path. It sits under a splat route at '/', so each remote's own
 * <Routes> match full paths ('car/:id'); the same remote stays mounted while its paths change.
 */
function RemoteSwitch() {
  const { pathname } = useLocation();
  const remote = remoteOfPath(pathname);
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

import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
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

/**
 * The tire store was at /tyres until its screens took the product's one spelling: a bookmark or a
 * link shared before keeps working, sent on to the same place under /tires.
 */
function FormerTiresPath() {
  const { pathname, search } = useLocation();
  return <Navigate to={`${pathname.replace(/^\/tyres/i, '/tires')}${search}`} replace />;
}

/** The signed-in routes: the layout around whichever remote (or the 404 page) the path picks. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="tyres/*" element={<FormerTiresPath />} />
        <Route path="*" element={<RemoteSwitch />} />
      </Route>
    </Routes>
  );
}

import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@pitwall/kit';
import { AppLayout } from './features/layout/app-layout';
import { RemoteRoute } from './remotes/remote-route';

/**
 * Which paths go to which remote. Each remote is mounted by a pathless layout route, so its own
 * <Routes> match full paths ('car/:id'); the child routes here only claim the paths (their element
 * is the remote). Anything else is the 404 page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<RemoteRoute remote="mfe_cars" />}>
          <Route index element={null} />
          <Route path="car/:id" element={null} />
          <Route path="car/:id/issues" element={null} />
          <Route path="car/:id/gallery" element={null} />
        </Route>
        <Route element={<RemoteRoute remote="mfe_events" />}>
          <Route path="car/:id/events" element={null} />
        </Route>
        <Route element={<RemoteRoute remote="mfe_teams" />}>
          <Route path="teams/*" element={null} />
          <Route path="settings/*" element={null} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

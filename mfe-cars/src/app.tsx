import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@pitwall/kit';
import { DashboardRoute } from './features/dashboard/routes/dashboard-route';
import { CarDetailRoute } from './features/car-detail/routes/car-detail-route';
import { IssuesRoute } from './features/issues/routes/issues-route';

/**
 * The exposed './App'. The shell mounts it under a splat route at '/', so these paths are full paths.
 * 'car/:id/gallery' is a later issue: until then it shows the 404 page.
 */
export default function App() {
  return (
    <Routes>
      <Route index element={<DashboardRoute />} />
      <Route path="car/:id" element={<CarDetailRoute />} />
      <Route path="car/:id/issues" element={<IssuesRoute />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

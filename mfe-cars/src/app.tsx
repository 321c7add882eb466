import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@pitwall/kit';
import { DashboardRoute } from './features/dashboard/routes/dashboard-route';
import { CarDetailRoute } from './features/car-detail/routes/car-detail-route';
import { IssuesRoute } from './features/issues/routes/issues-route';
import { GalleryRoute } from './features/gallery/routes/gallery-route';

/**
 * The exposed './App'. The shell mounts it under a splat route at '/', so these paths are full paths.
 */
export default function App() {
  return (
    <Routes>
      <Route index element={<DashboardRoute />} />
      <Route path="car/:id" element={<CarDetailRoute />} />
      <Route path="car/:id/issues" element={<IssuesRoute />} />
      <Route path="car/:id/gallery" element={<GalleryRoute />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

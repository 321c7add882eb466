import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@pitwall/kit';
import { DashboardRoute } from './features/dashboard/routes/dashboard-route';
import { CarDetailRoute } from './features/car-detail/routes/car-detail-route';

/**
 * The exposed './App'. The shell mounts it under a splat route at '/', so these paths are full paths.
 * 'car/:id/issues' and 'car/:id/gallery' are later issues: until then they show the 404 page.
 */
export default function App() {
  return (
    <Routes>
      <Route index element={<DashboardRoute />} />
      <Route path="car/:id" element={<CarDetailRoute />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

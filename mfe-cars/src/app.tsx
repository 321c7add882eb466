import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, Spinner } from '@pitwall/kit';

// Each screen is a chunk of its own, fetched when first opened, so the App holds none of them: a
// screen's first requests carry its own code only. Each chunk is named: the shell's page starts the
// one its path shows with the remote (shell/src/remotes/remote-paths.ts), the dashboard's too.
const DashboardRoute = lazy(() => import(/* webpackChunkName: 'dashboard' */ './features/dashboard/routes/dashboard-route').then((m) => ({ default: m.DashboardRoute })));
const CarDetailRoute = lazy(() => import(/* webpackChunkName: 'car-detail' */ './features/car-detail/routes/car-detail-route').then((m) => ({ default: m.CarDetailRoute })));
const IssuesRoute = lazy(() => import(/* webpackChunkName: 'car-issues' */ './features/issues/routes/issues-route').then((m) => ({ default: m.IssuesRoute })));
const PartsStoreRoute = lazy(() => import(/* webpackChunkName: 'parts-store' */ './features/parts/routes/parts-store-route').then((m) => ({ default: m.PartsStoreRoute })));
const PartRoute = lazy(() => import(/* webpackChunkName: 'part' */ './features/parts/routes/part-route').then((m) => ({ default: m.PartRoute })));
const TyresStoreRoute = lazy(() => import(/* webpackChunkName: 'tyres-store' */ './features/tyres/routes/tyres-store-route').then((m) => ({ default: m.TyresStoreRoute })));
const TireSetRoute = lazy(() => import(/* webpackChunkName: 'tire-set' */ './features/tyres/routes/tire-set-route').then((m) => ({ default: m.TireSetRoute })));
const GalleryRoute = lazy(() => import(/* webpackChunkName: 'car-gallery' */ './features/gallery/routes/gallery-route').then((m) => ({ default: m.GalleryRoute })));

/**
 * The exposed './App'. The shell mounts it under a splat route at '/', so these paths are full paths.
 */
export default function App() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route index element={<DashboardRoute />} />
        <Route path="car/:id" element={<CarDetailRoute />} />
        <Route path="car/:id/issues" element={<IssuesRoute />} />
        <Route path="car/:id/gallery" element={<GalleryRoute />} />
        <Route path="parts" element={<PartsStoreRoute />} />
        <Route path="parts/:partId" element={<PartRoute />} />
        <Route path="tyres" element={<TyresStoreRoute />} />
        <Route path="tyres/:setId" element={<TireSetRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

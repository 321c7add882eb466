import { Suspense, lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, Spinner, screenRoutes } from '@pitwall/kit';
import { CARS_SCREENS } from './screens';

// Each screen is a chunk of its own, fetched when first opened, so the App holds none of them: a
// screen's first requests carry its own code only. Each chunk is named as its screen's `chunk` in
// src/screens.ts, which the shell's page starts with the path (shell/src/remotes/remote-paths.ts).
const SCREEN_ELEMENTS: Record<keyof typeof CARS_SCREENS, ComponentType> = {
  dashboard: lazy(() => import(/* webpackChunkName: 'dashboard' */ './features/dashboard/routes/dashboard-route').then((m) => ({ default: m.DashboardRoute }))),
  carDetail: lazy(() => import(/* webpackChunkName: 'car-detail' */ './features/car-detail/routes/car-detail-route').then((m) => ({ default: m.CarDetailRoute }))),
  issues: lazy(() => import(/* webpackChunkName: 'car-issues' */ './features/issues/routes/issues-route').then((m) => ({ default: m.IssuesRoute }))),
  gallery: lazy(() => import(/* webpackChunkName: 'car-gallery' */ './features/gallery/routes/gallery-route').then((m) => ({ default: m.GalleryRoute }))),
  partsStore: lazy(() => import(/* webpackChunkName: 'parts-store' */ './features/parts/routes/parts-store-route').then((m) => ({ default: m.PartsStoreRoute }))),
  part: lazy(() => import(/* webpackChunkName: 'part' */ './features/parts/routes/part-route').then((m) => ({ default: m.PartRoute }))),
  tiresStore: lazy(() => import(/* webpackChunkName: 'tires-store' */ './features/tires/routes/tires-store-route').then((m) => ({ default: m.TiresStoreRoute }))),
  tireSet: lazy(() => import(/* webpackChunkName: 'tire-set' */ './features/tires/routes/tire-set-route').then((m) => ({ default: m.TireSetRoute }))),
};

/**
 * The exposed './App': the screens of src/screens.ts. The shell mounts it under a splat route at '/',
 * so their paths are full paths.
 */
export default function App() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        {screenRoutes(CARS_SCREENS, SCREEN_ELEMENTS)}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

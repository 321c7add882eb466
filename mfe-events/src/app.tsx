import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@pitwall/kit';
import { RaceEventsRoute } from './features/race-events/routes/race-events-route';
import { SetupSheetRoute } from './features/setup-audit';

/**
 * The exposed './App'. The shell mounts it under a splat route at '/' for /car/:id/events/*, so
 * these paths are full paths. Detail mode, tabs and full-page forms live in the query string.
 */
export default function App() {
  return (
    <Routes>
      <Route path="car/:id/events" element={<RaceEventsRoute />} />
      <Route path="car/:id/events/sheet" element={<SetupSheetRoute />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

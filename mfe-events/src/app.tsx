import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, Spinner } from '@pitwall/kit';
import { RaceEventDetail } from './features/race-events/components/race-event-detail';
import { FORM_PATHS, type RaceEventForm } from './features/race-events/lib/race-event-paths';
import { RaceEventRoute } from './features/race-events/routes/race-event-route';
import { HistoryRoute, ImagesRoute, IssuesRoute, OverviewRoute, RacePlanRoute, SessionsRoute, TechnicalRoute } from './features/race-events/routes/race-event-tab-routes';
import { RaceEventsRoute } from './features/race-events/routes/race-events-route';
import { SetupSheetRoute } from './features/setup-audit';

// A race event's first screens come with the remote; its full-page forms (react-hook-form, zod, the
// setup forms) and the printable setup sheet are fetched when first opened, not before the run sheet
// shows (so are the tabs and parts that are not first screens, see the feature slices' index.ts).
const AddRaceEventRoute = lazy(() => import('./features/race-events/routes/add-race-event-route').then((m) => ({ default: m.AddRaceEventRoute })));
const RaceEventFormRoute = lazy(() => import('./features/race-events/routes/race-event-form-route').then((m) => ({ default: m.RaceEventFormRoute })));

const FORMS = Object.keys(FORM_PATHS) as RaceEventForm[];

/**
 * The exposed './App'. The shell mounts it under a splat route at '/' for /car/:id/events/*, so
 * these paths are full paths: the list, 'Add New Event', the printable setup sheet, and a race
 * event with a route per tab (the Overview at its own path) and per full-page form (see
 * race-event-paths.ts for the URLs).
 */
export default function App() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path="car/:id/events" element={<RaceEventsRoute />} />
        <Route path="car/:id/events/new" element={<AddRaceEventRoute />} />
        <Route path="car/:id/events/sheet" element={<SetupSheetRoute />} />
        <Route path="car/:id/events/:raceEventId" element={<RaceEventRoute />}>
          {FORMS.map((form) => (
            <Route key={form} path={FORM_PATHS[form]} element={<RaceEventFormRoute form={form} />} />
          ))}
          <Route element={<RaceEventDetail />}>
            <Route index element={<OverviewRoute />} />
            <Route path="technical" element={<TechnicalRoute />} />
            <Route path="sessions/*" element={<SessionsRoute />} />
            <Route path="race-plan" element={<RacePlanRoute />} />
            <Route path="issues" element={<IssuesRoute />} />
            <Route path="images" element={<ImagesRoute />} />
            <Route path="history" element={<HistoryRoute />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

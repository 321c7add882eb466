import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, Spinner, routePath } from '@pitwall/kit';
import { RaceEventDetail } from './features/race-events/components/race-event-detail';
import { FORM_PATHS, type RaceEventForm } from './features/race-events/lib/race-event-paths';
import { RaceEventRoute } from './features/race-events/routes/race-event-route';
import { HistoryRoute, ImagesRoute, IssuesRoute, OverviewRoute, RacePlanRoute, SessionsRoute, TechnicalRoute } from './features/race-events/routes/race-event-tab-routes';
import { RaceEventsRoute } from './features/race-events/routes/race-events-route';
import { SetupSheetRoute } from './features/setup-audit';
import { EVENTS_SCREENS as SCREENS } from './screens';

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
 * race-event-paths.ts for the URLs), at the paths of src/screens.ts.
 */
export default function App() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path={routePath(SCREENS.list)} element={<RaceEventsRoute />} />
        <Route path={routePath(SCREENS.add)} element={<AddRaceEventRoute />} />
        <Route path={routePath(SCREENS.sheet)} element={<SetupSheetRoute />} />
        <Route path={routePath(SCREENS.overview)} element={<RaceEventRoute />}>
          {FORMS.map((form) => (
            <Route key={form} path={routePath(SCREENS[`form:${form}`], SCREENS.overview)} element={<RaceEventFormRoute form={form} />} />
          ))}
          <Route element={<RaceEventDetail />}>
            <Route index element={<OverviewRoute />} />
            <Route path={routePath(SCREENS.technical, SCREENS.overview)} element={<TechnicalRoute />} />
            <Route path={routePath(SCREENS.sessions, SCREENS.overview)} element={<SessionsRoute />} />
            <Route path={routePath(SCREENS.racePlan, SCREENS.overview)} element={<RacePlanRoute />} />
            <Route path={routePath(SCREENS.issues, SCREENS.overview)} element={<IssuesRoute />} />
            <Route path={routePath(SCREENS.images, SCREENS.overview)} element={<ImagesRoute />} />
            <Route path={routePath(SCREENS.history, SCREENS.overview)} element={<HistoryRoute />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

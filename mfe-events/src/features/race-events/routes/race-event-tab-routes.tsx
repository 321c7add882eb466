import { lazy } from 'react';
import { Alert, errorMessage, useCarriedOverIssues, useGearRatios, useRaceEventImages, useRaceEventIssues, useRaceEvents, useSessions, useSuspension, useTirePressures } from '@pitwall/kit';
import { ImagesTab } from '../components/images-tab';
import { IssuesTab } from '../components/issues-tab';
import { OverviewTab } from '../components/overview-tab';
import { shownWeather } from '../lib/race-event-format';
import { useRaceEventNav } from '../lib/use-race-event-nav';
import { useRaceEventOutlet } from './race-event-route';
import { SetupHistoryTab } from '../../setup-audit';
import { SessionsTab } from '../../run-sheets';
import { RacePlanTab } from '../../race-plan';

/** Technical Settings, loaded when first opened as the chunk 'technical-settings' (started with the tab's URL: its screen in src/screens.ts). */
const TechnicalSettingsTab = lazy(() => import(/* webpackChunkName: 'technical-settings' */ '../components/technical-settings-tab').then((m) => ({ default: m.TechnicalSettingsTab })));

/** The race event's effective setup (gear ratios, suspension, tire pressures), as the Overview and Technical Settings show it ('undefined' while loading). */
function useRaceEventSetup(carId: number, raceEventId: number) {
  const gearRatios = useGearRatios(carId, raceEventId);
  const suspension = useSuspension(carId, raceEventId);
  const tirePressures = useTirePressures(carId, raceEventId);
  return { gearRatios: gearRatios.data, suspension: suspension.isPending ? undefined : (suspension.data ?? null), tirePressures: tirePressures.data };
}

/** The Overview tab (the race event's own path): details, setup summary, issues, issues carried over from earlier race events. */
export function OverviewRoute() {
  const { carId, raceEvent } = useRaceEventOutlet();
  const nav = useRaceEventNav(carId, raceEvent.id);
  const setup = useRaceEventSetup(carId, raceEvent.id);
  const raceEvents = useRaceEvents(carId);
  const sessions = useSessions(carId, raceEvent.id);
  const issues = useRaceEventIssues(carId, raceEvent.id);
  const carriedOver = useCarriedOverIssues(carId, raceEvent.id);
  return (
    <OverviewTab
      raceEvent={raceEvent}
      weather={shownWeather(raceEvent.weather, sessions.data)}
      raceEvents={raceEvents.data}
      {...setup}
      issues={issues.data}
      carriedOver={carriedOver.data}
      onOpenForm={nav.openForm}
      onViewAllIssues={() => nav.setTab('issues')}
    />
  );
}

/** The Technical Settings tab (…/technical). */
export function TechnicalRoute() {
  const { carId, raceEvent } = useRaceEventOutlet();
  const nav = useRaceEventNav(carId, raceEvent.id);
  return <TechnicalSettingsTab raceEvent={raceEvent} {...useRaceEventSetup(carId, raceEvent.id)} onOpenForm={nav.openForm} />;
}

/** The Sessions tab (…/sessions, …/sessions/{id|new|suggest}). */
export function SessionsRoute() {
  const { carId, raceEvent } = useRaceEventOutlet();
  return <SessionsTab carId={carId} raceEvent={raceEvent} />;
}

/** The Race Plan tab (…/race-plan). */
export function RacePlanRoute() {
  const { carId, raceEvent } = useRaceEventOutlet();
  return <RacePlanTab carId={carId} raceEvent={raceEvent} />;
}

/** The Issues tab (…/issues). */
export function IssuesRoute() {
  const { carId, raceEvent } = useRaceEventOutlet();
  const nav = useRaceEventNav(carId, raceEvent.id);
  const issues = useRaceEventIssues(carId, raceEvent.id);
  if (issues.error) return <Alert title="Issues could not be loaded.">{errorMessage(issues.error)}</Alert>;
  return <IssuesTab issues={issues.data ?? []} onAddIssue={() => nav.openForm('add-issue')} />;
}

/** The Images tab (…/images). */
export function ImagesRoute() {
  const { carId, raceEvent } = useRaceEventOutlet();
  const images = useRaceEventImages(carId, raceEvent.id);
  if (images.error) return <Alert title="Images could not be loaded.">{errorMessage(images.error)}</Alert>;
  return <ImagesTab images={images.data ?? []} />;
}

/** The Setup History tab (…/history). */
export function HistoryRoute() {
  const { carId, raceEvent } = useRaceEventOutlet();
  return <SetupHistoryTab carId={carId} raceEventId={raceEvent.id} />;
}

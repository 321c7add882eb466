import type { InvalidateQueryFilters, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveChange } from '@pitwall/contracts';
import {
  carHistoryKey,
  carKey,
  carsKey,
  carViewsKey,
  checklistKey,
  fieldChangeEffectsKey,
  imagesKey,
  isCarPartsQuery,
  isChangeEffectsQuery,
  isPartsQuery,
  isRaceEventsQuery,
  isTireSetsQuery,
  issuesKey,
  raceEventHistoryKey,
  raceEventsKey,
  seriesListKey,
  sessionsKey,
  setupSectionKey,
  type SetupSection,
  setupTargetsKey,
  teamMembersKey,
  teamPartsKey,
  teamSettingsKey,
  teamsKey,
  teamTireSetsKey,
  tirePressureTargetsKey,
  tireTemperatureTargetsKey,
  trackSessionsKey,
  viewsKey,
} from './query-keys';

/** What a change concerns: the ids a LiveChange names (a local save knows the same ids). */
export type ChangeScope = Pick<LiveChange, 'teamId' | 'carId' | 'raceEventId' | 'sessionId' | 'seriesId'>;

/** The refresh of the queries a change of one kind makes stale, given what it concerns. */
type Invalidations = (scope: ChangeScope & { carId: number }) => InvalidateQueryFilters[];

const carRecord: Invalidations = ({ carId }) => [
  { queryKey: carKey(carId), exact: true },
  { queryKey: carsKey, exact: true },
  { queryKey: carHistoryKey(carId, 'basic') },
  { queryKey: carHistoryKey(carId, 'maintenance') },
];

/**
 * A setup section's save: its race event's entry, or for the baseline the section of the baseline
 * and of every race event (a race event reads the baseline where it has no values of its own), the
 * car (whose answer holds every setup section) and the section's history.
 */
const setupSection = (section: SetupSection): Invalidations => ({ carId, raceEventId }) => [
  { queryKey: raceEventId === undefined ? setupSectionKey(carId, section) : [...setupSectionKey(carId, section), raceEventId] },
  { queryKey: carKey(carId), exact: true },
  { queryKey: carHistoryKey(carId, section) },
];

/**
 * A part's change: the team's parts (a key, so a change waiting in the write queue keeps it) and every
 * car's parts list (a part moves between cars; a predicate, which the write queue cannot keep: once the
 * waiting change is sent its live echo refreshes them). Without a team, every parts query.
 */
const parts = (teamId: number | null): InvalidateQueryFilters[] =>
  teamId === null ? [{ predicate: isPartsQuery }] : [{ queryKey: teamPartsKey(teamId) }, { predicate: isCarPartsQuery }];
/** A tire set's change: the team's tire sets (a key, kept by the write queue); without a team, every team's. */
const tireSets = (teamId: number | null): InvalidateQueryFilters[] => (teamId === null ? [{ predicate: isTireSetsQuery }] : [{ queryKey: teamTireSetsKey(teamId) }]);

/**
 * A session's change: the race event's sessions (and their change effects), the car's track rankings and field change effects, the race event's history,
 * the parts and the tire sets (usage follows laps): the team's, or every team's when the team is not known.
 */
const session: Invalidations = ({ teamId, carId, raceEventId }) => [
  ...(raceEventId === undefined ? [] : [{ queryKey: sessionsKey(carId, raceEventId) }, { queryKey: raceEventHistoryKey(carId, raceEventId) }]),
  { queryKey: trackSessionsKey(carId) },
  { queryKey: fieldChangeEffectsKey(carId) },
  ...parts(teamId),
  ...tireSets(teamId),
];

const checklist: Invalidations = ({ carId }) => [{ queryKey: checklistKey(carId) }];
/** An issue shows on the car and on every race event's lists. */
const issue: Invalidations = ({ carId }) => [{ queryKey: issuesKey(carId) }, { queryKey: raceEventsKey(carId) }];
/**
 * A race event's change: everything under its car's race events, its effective gear ratios (the race
 * final drive is their 'Final Drive') and the parts (usage follows the track length).
 */
const raceEvent: Invalidations = ({ carId, raceEventId }) => [
  { queryKey: raceEventsKey(carId) },
  ...(raceEventId === undefined ? [] : [{ queryKey: [...setupSectionKey(carId, 'gear-ratios'), raceEventId] }]),
  { predicate: isPartsQuery },
];

/**
 * THE table from a change's type (a domain event type, as `GET /api/live` names it) to the queries
 * it makes stale. The kit's own saves refresh through it (`invalidationsOf`) and so does a change
 * another member made (useLiveUpdates): one list, so a screen is refreshed alike whoever saved.
 */
const CAR_CHANGES: Record<string, Invalidations> = {
  CarCreated: carRecord,
  CarDetailsUpdated: carRecord,
  TuningLinkSet: carRecord,
  MaintenanceRecorded: carRecord,
  GearRatiosSet: setupSection('gear-ratios'),
  SuspensionSet: setupSection('suspension'),
  TirePressuresSet: setupSection('tire-pressures'),
  CornerWeightsSet: setupSection('corner-weights'),
  SetupSheetSet: setupSection('setup-sheet'),
  SetupTargetsSet: ({ carId }) => [{ queryKey: setupTargetsKey(carId) }, { queryKey: carHistoryKey(carId, 'setup-targets') }],
  CarGeometrySet: carRecord,
  CarTankCapacitySet: carRecord,
  TirePressureTargetsSet: ({ carId }) => [{ queryKey: tirePressureTargetsKey(carId) }, { queryKey: carHistoryKey(carId, 'tire-pressure-targets') }],
  // The run sheets read each tire against the targets they show (readTireTemperatures), so the sessions need no refetch.
  TireTemperatureTargetsSet: ({ carId }) => [{ queryKey: tireTemperatureTargetsKey(carId) }, { queryKey: carHistoryKey(carId, 'setup-targets') }],
  ChecklistItemAdded: checklist,
  ChecklistItemCompleted: checklist,
  ChecklistItemReopened: checklist,
  ChecklistItemRemoved: checklist,
  IssueRaised: issue,
  IssueStatusChanged: issue,
  ImageAdded: ({ carId }) => [{ queryKey: imagesKey(carId) }],
  RaceEventScheduled: raceEvent,
  FinalDriveSet: raceEvent,
  RaceEventImagesSet: raceEvent,
  RaceEventTrackLengthSet: raceEvent,
  RaceEventRoundLinked: raceEvent,
  // A delivered timetable's sessions: the race event's sessions list (under its race events' keys).
  TimetableSessionsLinked: raceEvent,
  SessionAdded: session,
  SessionDetailsRevised: session,
  SessionLapsSet: session,
  SessionTirePressuresSet: session,
  SessionTireTemperaturesSet: session,
  SessionRemoved: session,
  SessionTireSetChosen: session,
  SessionStintsSet: session,
  SessionFuelAtEndSet: session,
  PitStopLogged: session,
  PitStopRevised: session,
  PitStopRemoved: session,
  RacePlanSet: raceEvent,
};

/**
 * The queries of the resources change `type` makes stale. A car's change of a kind the table does
 * not list refreshes everything of that car; a part's, the parts; a tire set's, the team's tire sets;
 * a team's, its members, settings and the team list (its thresholds also every change effects); a series', every series view (a published timetable also every car's race events and sessions).
 */
function resourceInvalidationsOf(type: string, scope: ChangeScope): InvalidateQueryFilters[] {
  if (type.startsWith('Part')) return parts(scope.teamId);
  // A series' tire register (TireSetRegistered, TireSetUnregistered) is a series change, not a tire set's.
  if (type.startsWith('TireSet') && scope.seriesId === undefined) return tireSets(scope.teamId);
  // A series created, or entered by a join code, is known by id only from the answer; the refresh is the same.
  // A published timetable is delivered to every entered car's race event as its sessions: the cars' race events and sessions follow.
  if (type === 'TimetableSet') return [{ queryKey: seriesListKey }, { predicate: isRaceEventsQuery }];
  if (scope.seriesId !== undefined || type === 'SeriesCreated' || type === 'TeamEnteredSeries') return [{ queryKey: seriesListKey }];
  if (scope.carId !== null) return (CAR_CHANGES[type] ?? (({ carId }) => [{ queryKey: carKey(carId) }]))({ ...scope, carId: scope.carId });
  if (scope.teamId !== null) {
    const team = [{ queryKey: teamsKey, exact: true }, { queryKey: teamMembersKey(scope.teamId) }, { queryKey: teamSettingsKey(scope.teamId) }];
    // The thresholds decide every verdict the team's change effects give.
    return type === 'TeamChangeEffectThresholdsChosen' ? [...team, { predicate: isChangeEffectsQuery }] : team;
  }
  return [];
}

/**
 * The screens' views change `type` makes stale (views.ts): a car's change, the views of that car
 * (its car page's and its race events'); a part's or a team's (units), every view (the race
 * events' views hold the car's parts, every view its team's units); a tire set's or a series', none.
 * Marked stale only, not fetched again at once: the open screen's cards refresh through their own
 * queries (above), and the view is fetched again when a screen next opens on it.
 */
function viewInvalidationsOf(type: string, scope: ChangeScope): InvalidateQueryFilters[] {
  const stale = (queryKey: QueryKey): InvalidateQueryFilters[] => [{ queryKey, refetchType: 'none' }];
  if (type.startsWith('Part') || type === 'TimetableSet') return stale(viewsKey);
  if (type.startsWith('TireSet') || scope.seriesId !== undefined) return [];
  if (scope.carId !== null) return stale(carViewsKey(scope.carId));
  return scope.teamId === null ? [] : stale(viewsKey);
}

/**
 * The queries change `type` makes stale (filters for QueryClient.invalidateQueries): those of the
 * resources it changes, and the screens' views holding them.
 */
export function invalidationsOf(type: string, scope: ChangeScope): InvalidateQueryFilters[] {
  return [...resourceInvalidationsOf(type, scope), ...viewInvalidationsOf(type, scope)];
}

/** Refreshes what change `type` makes stale; settles when the shown queries have refetched. */
export function invalidateChange(queryClient: QueryClient, type: string, scope: ChangeScope): Promise<unknown> {
  return Promise.all(invalidationsOf(type, scope).map((filters) => queryClient.invalidateQueries(filters)));
}

/** The query keys among `filters` (what a change waiting in the write queue refreshes once sent; a predicate cannot be kept). */
export const keysOf = (filters: InvalidateQueryFilters[]): QueryKey[] => filters.flatMap((f) => (f.queryKey ? [f.queryKey] : []));

import type { RaceEvent, RunSession, TeamMember, TireSet } from '@pitwall/contracts';
import { createRenderRemote, json, makeCar, makeRaceEvent, signedInOwner, type StubHandler } from '@pitwall/kit/test';
import App from '../src/app';

// jsdom has no scrolling; full-page forms scroll to the top when shown.
window.scrollTo = () => {};

export { makeCar, makeIssue, makeRaceEvent, signedInOwner as user } from '@pitwall/kit/test';

/** Renders the race-events remote's App as the shell would, with the current URL in `data-testid="location"`. */
export const renderRemote = createRenderRemote(App, { showLocation: true });

/**
 * The GETs every screen of car 7's race event 3 makes before its own: the signed-in owner, the
 * car list, the car, its race events (`raceEvent` only), the race event, its issues and the issues
 * carried over (none). Spread into a `stubFetch` table beside the screen's own GETs.
 */
export function raceEventGets(raceEvent: RaceEvent = makeRaceEvent()): Record<string, StubHandler> {
  return {
    'GET /api/auth/user': () => json(signedInOwner),
    'GET /api/cars': () => json([makeCar()]),
    'GET /api/cars/7': () => json(makeCar()),
    'GET /api/cars/7/events': () => json([raceEvent]),
    'GET /api/cars/7/events/3': () => json(raceEvent),
    'GET /api/cars/7/events/3/issues': () => json([]),
    'GET /api/cars/7/events/3/carried-over': () => json([]),
  };
}

/**
 * Session 21 (FP1) of car 7's race event 3 as GET …/sessions answers it: three laps (an out lap,
 * best 1:45.533), cold pressures as set, no hot pressures, tire temperatures or stints; `overrides`
 * replace fields.
 */
export function makeSession(overrides: Partial<RunSession> = {}): RunSession {
  return {
    id: 21, carId: 7, eventId: 3, name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:10:00.000Z', driverMemberId: 2, driverName: 'Aiko Tanaka',
    airTempC: 14, trackTempC: 21, weather: 'Sunny', tireSet: 'Set 2', tireSetId: null, fuelLitres: 30, notes: null, feedbackTags: ['understeer-entry'], feedbackText: null,
    bestLapMs: 105_533, timedLapCount: 2, averageBestThreeMs: null, bestSectorsMs: [], theoreticalBestMs: null, setupPosition: '100/7',
    laps: [
      { lapNumber: 1, time: '1:58.331', lapTimeMs: 118_331, kind: 'out', sectorsMs: [], driverName: null },
      { lapNumber: 2, time: '1:46.567', lapTimeMs: 106_567, kind: 'timed', sectorsMs: [], driverName: null },
      { lapNumber: 3, time: '1:45.533', lapTimeMs: 105_533, kind: 'timed', sectorsMs: [], driverName: null },
    ],
    tirePressures: { cold: { fl: 28, fr: 28, rl: 27, rr: 27, tempC: 14 }, hot: null },
    tireTemperatures: [], stints: [], pitStops: [], fuelAtEndLitres: null, fuelPerLapLitres: null, driverTime: [],
    ...overrides,
  };
}

/** An active member of team 1 as GET /api/teams/1/members answers it (a driver unless `role` says otherwise). */
export const makeMember = (id: number, displayName: string, role: TeamMember['role'] = 'driver'): TeamMember =>
  ({ id, teamId: 1, userId: `u${id}`, username: displayName.toLowerCase(), role, memberColor: '#16a34a', displayName, joinedAt: '2026-01-01T00:00:00.000Z', isActive: true }) as TeamMember;

/** Set 4 of team 1, new, on car 7 (what the tire set pickers list). */
const SET_4 = {
  id: 4, teamId: 1, name: 'Set 4', manufacturer: null, compound: null, size: null, dotCodes: { fl: null, fr: null, rl: null, rr: null }, condition: 'new', treadNewMm: null, treadMinimumMm: null,
  carId: 7, notes: null, earlierHeatCycles: 0, earlierLaps: 0, barcode: null, heatCycles: 0, laps: 0, km: 0, hours: 0, sessions: [], lastUsedAt: null, wearPercent: null, wearByCorner: { fl: null, fr: null, rl: null, rr: null },
  wearPerLap: null, lapsLeft: null, createdAt: '2026-03-01T08:00:00.000Z',
} satisfies TireSet;

/**
 * The GETs of `session`'s run sheet on race event 3's Sessions tab (raceEventGets, the team's
 * settings in psi and °C, `members`, the tire sets: SET_4, the race event's sessions: [session], its
 * changes: none). Spread into a `stubFetch` table beside the screen's own routes.
 */
export function runSheetGets(session: RunSession, members: readonly TeamMember[]): Record<string, StubHandler> {
  return {
    ...raceEventGets(),
    'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C' }),
    'GET /api/teams/1/members': () => json(members),
    'GET /api/teams/1/tire-sets': () => json([SET_4]),
    'GET /api/cars/7/events/3/sessions': () => json([session]),
    'GET /api/cars/7/events/3/sessions/21/changes': () => json({ previous: null, entries: [] }),
  };
}

/**
 * An Al Kamel race sheet of car 27, its lines: Aiko stops after lap 2 and goes on (pit time 1:02.418
 * on lap 3), Ben takes over after lap 4 (1:11.002 on lap 5), Lena ('Lena BERG') after lap 5.
 */
export const AL_KAMEL_RACE: readonly string[] = [
  ' NUMBER; DRIVER_NUMBER; LAP_NUMBER; LAP_TIME; CROSSING_FINISH_LINE_IN_PIT; S1; S2; S3; DRIVER_NAME; PIT_TIME;',
  '27;1;1;1:49.870;;36.431;35.907;37.532;Aiko TANAKA;;',
  '27;1;2;1:58.100;B;36.500;36.000;45.600;Aiko TANAKA;;',
  '27;1;3;2:40.418;;98.418;35.000;37.000;Aiko TANAKA;1:02.418;',
  '27;1;4;1:58.900;B;36.400;36.100;46.400;Aiko TANAKA;;',
  '27;2;5;2:49.002;;108.002;34.000;37.000;Ben OKAFOR;1:11.002;',
  '27;3;6;1:50.002;;36.002;37.000;37.000;Lena BERG;;',
];

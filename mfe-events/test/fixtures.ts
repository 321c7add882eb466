import type { RaceEvent, RunSession } from '@pitwall/contracts';
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
 * best 1:45.533), cold pressures as set, no hot pressures, tyre temperatures or stints; `overrides`
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

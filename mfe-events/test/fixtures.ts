import type { RaceEvent } from '@pitwall/contracts';
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

import type { Car } from '@pitwall/contracts';
import { createRenderRemote, json, makeCar as makeTestCar, signedInOwner, type StubHandler } from '@pitwall/kit/test';
import App from '../src/app';

export { signedInOwner as user } from '@pitwall/kit/test';

/** Car 7 of team 1, the Red Devil GT3 these tests show; `overrides` replace fields. */
export function makeCar(overrides: Partial<Car> = {}): Car {
  return makeTestCar({
    name: 'Red Devil',
    makeModel: 'Porsche 911 GT3 R',
    year: 2023,
    engine: '4.2L flat-six',
    weight: '',
    color: '#cc0000',
    carClass: 'GT3',
    ...overrides,
  });
}

/** Renders the cars remote's App as the shell would (kit providers, a router, one QueryClient). */
export const renderRemote = createRenderRemote(App);

/**
 * The car page's GETs for car 7 with every card of its record empty (gear ratios, suspension, tire
 * pressures, targets, checklist, scales, setup targets): what a test of one card adds its own to.
 */
export function emptyCarPageRoutes(): Record<string, StubHandler> {
  return {
    'GET /api/auth/user': () => json(signedInOwner),
    'GET /api/cars': () => json([makeCar()]),
    'GET /api/cars/7': () => json(makeCar()),
    'GET /api/cars/7/gear-ratios': () => json([]),
    'GET /api/cars/7/suspension': () => json(null),
    'GET /api/cars/7/tire-pressures': () => json({ items: [], notes: null }),
    'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr' }),
    'GET /api/cars/7/tire-pressure-targets': () => json({ front: null, rear: null, fl: null, fr: null, rl: null, rr: null }),
    'GET /api/cars/7/checklist': () => json([]),
    'GET /api/cars/7/corner-weights': () =>
      json({ carId: 7, eventId: null, fl: null, fr: null, rl: null, rr: null, driverIn: null, driverKg: null, fuelLitres: null, ballastKg: null, ballastPosition: null, notes: null, derived: null, ownFields: [] }),
    'GET /api/cars/7/setup-targets': () => json({ crossPercent: null, frontPercent: null }),
  };
}

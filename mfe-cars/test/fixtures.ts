import type { Car } from '@pitwall/contracts';
import { createRenderRemote, makeCar as makeTestCar } from '@pitwall/kit/test';
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

import type { Car } from '@pitwall/contracts';
import { createRenderRemote } from '@pitwall/kit/test';
import App from '../src/app';

export { signedInOwner as user } from '@pitwall/kit/test';

export function makeCar(overrides: Partial<Car> = {}): Car {
  return {
    id: 7,
    teamId: 1,
    teamName: 'Apex Racing',
    name: 'Red Devil',
    makeModel: 'Porsche 911 GT3 R',
    year: 2023,
    engine: '4.2L flat-six',
    transmission: null,
    weight: '',
    power: null,
    color: '#cc0000',
    carClass: 'GT3',
    tuningFileUrl: null,
    lastEngineBuild: null,
    lastTransmissionBuild: null,
    lastEngineOilChange: null,
    lastTransmissionOilChange: null,
    lastDifferentialOilChange: null,
    lastClutchChange: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Renders the cars remote's App as the shell would (kit providers, a router, one QueryClient). */
export const renderRemote = createRenderRemote(App);

import type { Car, Issue, RaceEvent } from '@pitwall/contracts';
import { createRenderRemote } from '@pitwall/kit/test';
import App from '../src/app';

// jsdom has no scrolling; full-page forms scroll to the top when shown.
window.scrollTo = () => {};

export { signedInOwner as user } from '@pitwall/kit/test';

export function makeCar(overrides: Partial<Car> = {}): Car {
  return {
    id: 7,
    teamId: 1,
    teamName: 'Apex Racing',
    name: 'MX-5 #27',
    makeModel: 'Mazda MX-5 (ND2)',
    year: 2022,
    engine: null,
    transmission: null,
    weight: null,
    power: null,
    color: '#c8102e',
    carClass: 'Other',
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

export function makeRaceEvent(overrides: Partial<RaceEvent> = {}): RaceEvent {
  return {
    id: 3,
    carId: 7,
    name: 'Spring Sprint Round 1',
    location: 'WeatherTech Raceway Laguna Seca',
    date: '2026-03-21T00:00:00.000Z',
    trackLength: '3.602 km',
    weather: 'Sunny, 19°C',
    notes: null,
    finalDriveRatio: null,
    finalDriveNotes: null,
    profileImageUrl: null,
    timetableImageUrl: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function makeIssue(overrides: Partial<Issue> = {}): Issue {
  return {
    id: 11,
    carId: 7,
    eventId: 3,
    title: 'Brake pedal goes long',
    description: 'Pedal travel grows after 8-10 laps',
    type: 'issue',
    priority: 'high',
    status: 'open',
    imageUrl: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Renders the race-events remote's App as the shell would, with the current URL in `data-testid="location"`. */
export const renderRemote = createRenderRemote(App, { showLocation: true });

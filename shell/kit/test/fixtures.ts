import type { Car, Issue, RaceEvent, SetupSheet } from '@pitwall/contracts';
import { blankSetupSheet, nestSetupSheet, type SetupSheetValue } from '@pitwall/contracts/values';

/** A car of team 1 (id 7) as GET /api/cars answers it, with no maintenance recorded; `overrides` replace fields. */
export function makeCar(overrides: Partial<Car> = {}): Car {
  const car: Car = {
    id: 7, teamId: 1, teamName: 'Apex Racing', name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022,
    engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other', tuningFileUrl: null,
    lastEngineBuild: null, lastTransmissionBuild: null, lastEngineOilChange: null, lastTransmissionOilChange: null,
    lastDifferentialOilChange: null, lastClutchChange: null, wheelbaseMm: null, motionRatio: { front: null, rear: null }, tankLitres: null,
    unsprungKg: { fl: null, fr: null, rl: null, rr: null }, createdAt: '2026-01-01T00:00:00.000Z',
  };
  return { ...car, ...overrides };
}

/** Race event 3 of car 7 at Laguna Seca; `overrides` replace fields. */
export function makeRaceEvent(overrides: Partial<RaceEvent> = {}): RaceEvent {
  const raceEvent: RaceEvent = {
    id: 3, carId: 7, name: 'Spring Sprint Round 1', location: 'WeatherTech Raceway Laguna Seca', date: '2026-03-21T00:00:00.000Z', endsOn: null,
    trackLength: '3.602 km', trackLengthKm: 3.602, weather: 'Sunny, 19°C', notes: null, finalDriveRatio: null, finalDriveNotes: null,
    profileImageUrl: null, timetableImageUrl: null, round: null, createdAt: '2026-01-02T00:00:00.000Z',
  };
  return { ...raceEvent, ...overrides };
}

/** Issue 11 of car 7, raised at race event 3, open; `overrides` replace fields. */
export function makeIssue(overrides: Partial<Issue> = {}): Issue {
  const issue: Issue = {
    id: 11, carId: 7, eventId: 3, title: 'Brake pedal goes long', description: 'Pedal travel grows after 8-10 laps',
    type: 'issue', priority: 'high', status: 'open', imageUrl: null, createdAt: '2026-03-01T00:00:00.000Z',
  };
  return { ...issue, ...overrides };
}

/**
 * Car 7's setup sheet as GET …/setup-sheet answers it (nested, null = not recorded), with `values`
 * by path ('corners.fl.camberDeg': -3.2); `eventId` for a race event's effective sheet, whose own
 * fields are `ownFields` (the car's: every recorded field).
 */
export function makeSetupSheet(values: Partial<SetupSheetValue> = {}, { eventId = null, ownFields }: { eventId?: number | null; ownFields?: string[] } = {}): SetupSheet {
  const flat = { ...blankSetupSheet(), ...values };
  const recorded = Object.keys(values).filter((path) => values[path as keyof SetupSheetValue] != null);
  return { ...(nestSetupSheet(flat) as Omit<SetupSheet, 'carId' | 'eventId' | 'ownFields'>), carId: 7, eventId, ownFields: ownFields ?? (eventId === null ? recorded : []) };
}

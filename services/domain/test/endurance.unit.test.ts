import { describe, expect, it } from 'vitest';
import { DEFAULT_RACE_PLAN_INPUT, type StintValue } from '@pitwall/contracts';
import { decideRaceEvent, decideRunSession, foldState, raceEventDecider, runSessionDecider, ValidationError, type RaceEventEvent, type RunSessionEvent } from '../src/index.ts';

const details = { name: 'Race', type: 'race' as const, startedAt: '2026-06-13T10:00:00Z', driverMemberId: null, airTempC: null, trackTempC: null, weather: null, tireSet: null, fuelLitres: 60, notes: null, feedbackTags: [], feedbackText: null };
const ids = { sessionId: 1, carId: 2, raceEventId: 3 };
const added: RunSessionEvent = { type: 'SessionAdded', data: { ...ids, teamId: 4, details, createdAt: '2026-06-13T09:00:00Z' } };
const lapsSet: RunSessionEvent = { type: 'SessionLapsSet', data: { ...ids, laps: Array.from({ length: 40 }, () => ({ lapTimeMs: 120_000, kind: 'timed' as const, sectorsMs: [], driverName: null })) } };
const withLaps = foldState(runSessionDecider, [added, lapsSet]);
const stint = (driverMemberId: number, fromLap: number, toLap: number, fuelAddedLitres = 0): StintValue => ({ driverMemberId, fromLap, toLap, fuelAddedLitres, pitStopMs: 0, tireSetId: null, notes: null });

describe('session stints', () => {
  it('stores the stints in lap order', () => {
    expect(decideRunSession({ type: 'SetSessionStints', data: { stints: [stint(8, 21, 40, 45), stint(7, 1, 20)] } }, withLaps)).toEqual([
      { type: 'SessionStintsSet', data: { ...ids, stints: [stint(7, 1, 20), stint(8, 21, 40, 45)] } },
    ]);
  });

  it('sees no change in the same stints read back with their keys reordered (as a jsonb store answers them)', () => {
    const reordered = { notes: null, tireSetId: null, pitStopMs: 0, fuelAddedLitres: 0, toLap: 20, fromLap: 1, driverMemberId: 7 };
    const state = foldState(runSessionDecider, [added, lapsSet, { type: 'SessionStintsSet', data: { ...ids, stints: [reordered] } }]);
    expect(decideRunSession({ type: 'SetSessionStints', data: { stints: [stint(7, 1, 20)] } }, state)).toEqual([]);
  });

  it('refuses stints on laps the session does not hold, naming the stint, before any laps are entered', () => {
    const noLaps = foldState(runSessionDecider, [added]);
    expect(() => decideRunSession({ type: 'SetSessionStints', data: { stints: [stint(7, 1, 20)] } }, noLaps)).toThrow(new ValidationError("stints[0]: laps 1–20 lie outside the session's 0 laps"));
  });

  it('records the fuel at the end, and nothing for the same value again', () => {
    const events = decideRunSession({ type: 'SetSessionFuelAtEnd', data: { fuelAtEndLitres: 5 } }, withLaps);
    expect(events).toEqual([{ type: 'SessionFuelAtEndSet', data: { ...ids, fuelAtEndLitres: 5 } }]);
    expect(decideRunSession({ type: 'SetSessionFuelAtEnd', data: { fuelAtEndLitres: 5 } }, foldState(runSessionDecider, [added, ...events]))).toEqual([]);
  });
});

describe('race plan', () => {
  const scheduled: RaceEventEvent = {
    type: 'RaceEventScheduled',
    data: { raceEventId: 3, carId: 2, teamId: 4, name: '6 Hours', location: 'Sonoma', date: '2026-06-13T00:00:00Z', endsOn: null, trackLength: null, weather: null, notes: null, profileImageUrl: null, timetableImageUrl: null, createdAt: '2026-06-01T00:00:00Z' },
  };
  const plan = { ...DEFAULT_RACE_PLAN_INPUT, raceMinutes: 360, driverMemberIds: [7, 8] };

  it('stores the complete inputs as RacePlanSet', () => {
    expect(decideRaceEvent({ type: 'SetRacePlan', data: plan }, foldState(raceEventDecider, [scheduled]))).toEqual([{ type: 'RacePlanSet', data: { raceEventId: 3, carId: 2, plan } }]);
  });

  it('sees no change in the same inputs read back with their keys reordered', () => {
    const { rules, ...rest } = plan;
    const reordered = { rules: { maxStintMinutes: null, maxDriverMinutes: null, minDriverMinutes: null }, ...Object.fromEntries(Object.entries(rest).reverse()) } as typeof plan;
    const state = foldState(raceEventDecider, [scheduled, { type: 'RacePlanSet', data: { raceEventId: 3, carId: 2, plan: reordered } }]);
    expect(rules).toEqual(reordered.rules);
    expect(decideRaceEvent({ type: 'SetRacePlan', data: plan }, state)).toEqual([]);
  });
});

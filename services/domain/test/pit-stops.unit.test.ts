import { describe, expect, it } from 'vitest';
import { stintsFromPitStops, timingFileStops, type PitStopValue } from '@pitwall/contracts';
import { ConflictError, decideRunSession, foldState, NotFoundError, runSessionDecider, ValidationError, type RunSessionEvent } from '../src/index.ts';

const details = { name: 'Race', type: 'race' as const, startedAt: '2026-06-13T10:00:00Z', driverMemberId: 7, airTempC: null, trackTempC: null, weather: null, tireSet: null, fuelLitres: 60, notes: null, feedbackTags: [], feedbackText: null };
const ids = { sessionId: 1, carId: 2, raceEventId: 3 };
const added: RunSessionEvent = { type: 'SessionAdded', data: { ...ids, teamId: 4, details, createdAt: '2026-06-13T09:00:00Z' } };
/** A stop with nothing recorded but its in lap (and `fields`). */
const stop = (stopId: number, inLap: number, fields: Partial<PitStopValue> = {}): PitStopValue => ({ stopId, inLap, stopMs: null, fuelAddedLitres: null, tireSetId: null, driverMemberId: null, at: null, notes: null, ...fields });
const logged = (s: PitStopValue): RunSessionEvent => ({ type: 'PitStopLogged', data: { ...ids, stop: s } });
const withStop = foldState(runSessionDecider, [added, logged(stop(50, 30, { driverMemberId: 8, fuelAddedLitres: 60 }))]);

describe('pit stop commands', () => {
  it('logs a stop on a session without laps', () => {
    const s = stop(51, 60, { driverMemberId: 7 });
    expect(decideRunSession({ type: 'LogPitStop', data: { stop: s } }, withStop)).toEqual([logged(s)]);
  });

  it('refuses a second stop on the same in lap, one beyond the laps of a session with laps, and a stop id logged twice', () => {
    expect(() => decideRunSession({ type: 'LogPitStop', data: { stop: stop(51, 30) } }, withStop)).toThrow(new ValidationError('inLap: lap 30 already has a pit stop; edit that one'));
    const laps: RunSessionEvent = { type: 'SessionLapsSet', data: { ...ids, laps: Array.from({ length: 40 }, () => ({ lapTimeMs: 120_000, kind: 'timed' as const, sectorsMs: [], driverName: null })) } };
    const withLaps = foldState(runSessionDecider, [added, laps]);
    expect(() => decideRunSession({ type: 'LogPitStop', data: { stop: stop(51, 41) } }, withLaps)).toThrow(new ValidationError('inLap: the session has 40 laps; a pit stop comes in on one of them'));
    expect(() => decideRunSession({ type: 'LogPitStop', data: { stop: stop(50, 45) } }, withStop)).toThrow(ConflictError);
  });

  it('revises the fields given (same stopId), nothing when nothing changes, and 404 for a stop it does not have', () => {
    expect(decideRunSession({ type: 'RevisePitStop', data: { stopId: 50, changes: { stopMs: 64_000, driverMemberId: undefined } } }, withStop)).toEqual([
      { type: 'PitStopRevised', data: { ...ids, stop: stop(50, 30, { driverMemberId: 8, fuelAddedLitres: 60, stopMs: 64_000 }) } },
    ]);
    expect(decideRunSession({ type: 'RevisePitStop', data: { stopId: 50, changes: { fuelAddedLitres: 60 } } }, withStop)).toEqual([]);
    expect(() => decideRunSession({ type: 'RevisePitStop', data: { stopId: 9, changes: {} } }, withStop)).toThrow(NotFoundError);
  });

  it('removes a stop, and refuses stints sent whole while stops are logged', () => {
    const removed = decideRunSession({ type: 'RemovePitStop', data: { stopId: 50 } }, withStop);
    expect(removed).toEqual([{ type: 'PitStopRemoved', data: { ...ids, stopId: 50 } }]);
    expect(() => decideRunSession({ type: 'SetSessionStints', data: { stints: [] } }, withStop)).toThrow(ConflictError);
    expect(foldState(runSessionDecider, [added, logged(stop(50, 30)), ...removed])).toMatchObject({ pitStops: [] });
  });
});

describe('stintsFromPitStops', () => {
  const stops = [stop(2, 60, { driverMemberId: 7, fuelAddedLitres: 55 }), stop(1, 30, { driverMemberId: 8, fuelAddedLitres: 60, stopMs: 65_000, tireSetId: 4 })];

  it('makes a stint per stop from its out lap, the last one ending on its first lap while there are no laps that far', () => {
    expect(stintsFromPitStops(stops, 7, 0)).toEqual([
      { driverMemberId: 7, fromLap: 1, toLap: 30, fuelAddedLitres: 0, pitStopMs: 0, tireSetId: null, notes: null },
      { driverMemberId: 8, fromLap: 31, toLap: 60, fuelAddedLitres: 60, pitStopMs: 65_000, tireSetId: 4, notes: null },
      { driverMemberId: 7, fromLap: 61, toLap: 61, fuelAddedLitres: 55, pitStopMs: 0, tireSetId: null, notes: null },
    ]);
    expect(stintsFromPitStops(stops, 7, 95).at(-1)).toMatchObject({ fromLap: 61, toLap: 95 });
  });

  it('keeps the driver in when a stop names no driver out, and leaves out stints whose driver is not known', () => {
    expect(stintsFromPitStops([stop(1, 10)], 7, 20).map((s) => [s.driverMemberId, s.fromLap, s.toLap])).toEqual([[7, 1, 10], [7, 11, 20]]);
    expect(stintsFromPitStops([stop(1, 10, { driverMemberId: 8 })], null, 20).map((s) => [s.driverMemberId, s.fromLap, s.toLap])).toEqual([[8, 11, 20]]);
  });
});

describe('timingFileStops', () => {
  it('fills a stop time not recorded, names a logged time or driver the file gives otherwise, and lists the stops nobody logged', () => {
    const logged = [stop(1, 30, { stopMs: 65_000, driverMemberId: 8 }), stop(2, 60, { driverMemberId: 7 })];
    const file = [{ driverMemberId: 7, fromLap: 1, pitStopMs: 0 }, { driverMemberId: 9, fromLap: 31, pitStopMs: 64_000 }, { driverMemberId: 7, fromLap: 61, pitStopMs: 66_000 }, { driverMemberId: 8, fromLap: 91, pitStopMs: 70_000 }];
    expect(timingFileStops(logged, file)).toEqual({
      fills: [{ stopId: 2, stopMs: 66_000 }],
      differences: [{ stopId: 1, inLap: 30, field: 'stopMs', logged: 65_000, file: 64_000 }, { stopId: 1, inLap: 30, field: 'driverMemberId', logged: 8, file: 9 }],
      unlogged: [{ inLap: 90, stopMs: 70_000, driverMemberId: 8 }],
    });
  });
});

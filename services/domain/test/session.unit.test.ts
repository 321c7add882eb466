import { describe, expect, it } from 'vitest';
import { decideSession, foldState, sessionDecider, ValidationError, type SessionEvent } from '../src/index.ts';

const details = { name: 'FP1', type: 'practice' as const, startedAt: '2026-03-21T09:00:00Z', driverMemberId: null, airTempC: 19, trackTempC: null, weather: null, tireSet: null, fuelLitres: null, notes: null, feedbackTags: [], feedbackText: null };
const added: SessionEvent = { type: 'SessionAdded', data: { sessionId: 1, carId: 2, raceEventId: 3, teamId: 4, details, createdAt: '2026-03-21T08:00:00Z' } };
const state = foldState(sessionDecider, [added]);

describe('session decider', () => {
  it('stores laps in ms in order and names the first lap that does not parse as laps[i].time', () => {
    expect(decideSession({ type: 'SetSessionLaps', data: { laps: [{ time: '1:42.318', kind: 'timed' }, { time: '1.43.0', kind: 'in' }] } }, state)).toEqual([
      { type: 'SessionLapsSet', data: { sessionId: 1, carId: 2, raceEventId: 3, laps: [{ lapTimeMs: 102_318, kind: 'timed' }, { lapTimeMs: 103_000, kind: 'in' }] } },
    ]);
    expect(() => decideSession({ type: 'SetSessionLaps', data: { laps: [{ time: '1:42.318', kind: 'timed' }, { time: 'DNF', kind: 'timed' }] } }, state)).toThrow(new ValidationError("laps[1].time: 'DNF' is not a lap time (write it as 1:42.318, 1.42.318 or 102.318)"));
  });

  it('records nothing when nothing changes, and refuses changes to a deleted session', () => {
    expect(decideSession({ type: 'ReviseSession', data: { name: 'FP1', airTempC: 19 } }, state)).toEqual([]);
    expect(decideSession({ type: 'ReviseSession', data: { name: 'FP2' } }, state)[0]).toMatchObject({ type: 'SessionDetailsRevised', data: { details: { ...details, name: 'FP2' } } });
    const removed = foldState(sessionDecider, [added, { type: 'SessionRemoved', data: { sessionId: 1, carId: 2, raceEventId: 3 } }]);
    expect(() => decideSession({ type: 'RemoveSession' }, removed)).toThrow('Session not found');
  });

  it('AddSession with cold pressures (the tire pressure assistant\'s \'Use these\') records them with the session, hot not yet measured', () => {
    const cold = { fl: 27.2, fr: 26.8, rl: 26.7, rr: 26.3, tempC: 24 };
    expect(decideSession({ type: 'AddSession', data: added.data as Extract<SessionEvent, { type: 'SessionAdded' }>['data'], cold }, foldState(sessionDecider, []))).toEqual([
      added,
      { type: 'SessionTirePressuresSet', data: { sessionId: 1, carId: 2, raceEventId: 3, cold, hot: null } },
    ]);
    expect(decideSession({ type: 'AddSession', data: added.data as Extract<SessionEvent, { type: 'SessionAdded' }>['data'], cold: null }, foldState(sessionDecider, []))).toEqual([added]);
  });
});

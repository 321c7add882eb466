import { describe, expect, it } from 'vitest';
import { decideRunSession, EVENT_SCHEMAS, foldState, runSessionDecider, ValidationError, type RunSessionEvent } from '../src/index.ts';

const details = { name: 'FP1', type: 'practice' as const, startedAt: '2026-03-21T09:00:00Z', driverMemberId: null, airTempC: 19, trackTempC: null, weather: null, tireSet: null, fuelLitres: null, notes: null, feedbackTags: [], feedbackText: null };
const added: RunSessionEvent = { type: 'SessionAdded', data: { sessionId: 1, carId: 2, raceEventId: 3, teamId: 4, details, createdAt: '2026-03-21T08:00:00Z' } };
const state = foldState(runSessionDecider, [added]);

type CommandLap = Extract<Parameters<typeof decideRunSession>[0], { type: 'SetSessionLaps' }>['data']['laps'][number];
/** A lap as the command takes it: timed, no sectors, no driver unless given. */
const lap = (l: Partial<CommandLap>): CommandLap => ({ kind: 'timed', sectorsMs: [], driverName: null, ...l });
/** A lap as the event stores it. */
const stored = (lapTimeMs: number, kind = 'timed', sectorsMs: number[] = [], driverName: string | null = null) => ({ lapTimeMs, kind, sectorsMs, driverName });

describe('session decider', () => {
  it('stores laps in ms in order and names the first lap that does not parse as laps[i].time', () => {
    expect(decideRunSession({ type: 'SetSessionLaps', data: { laps: [lap({ time: '1:42.318' }), lap({ time: '1.43.0', kind: 'in' })] } }, state)).toEqual([
      { type: 'SessionLapsSet', data: { sessionId: 1, carId: 2, raceEventId: 3, laps: [stored(102_318), stored(103_000, 'in')] } },
    ]);
    expect(() => decideRunSession({ type: 'SetSessionLaps', data: { laps: [lap({ time: '1:42.318' }), lap({ time: 'DNF' })] } }, state)).toThrow(new ValidationError("laps[1].time: 'DNF' is not a lap time (write it as 1:42.318, 1.42.318 or 102.318)"));
  });

  it('takes a lap time in ms as well as text, and keeps sector times and the driver named by a timing export', () => {
    const laps = [lap({ lapTimeMs: 69_870, sectorsMs: [23_431, 22_907, 23_532], driverName: 'Aiko TANAKA' }), lap({ time: '1:08.914', sectorsMs: [23_102, 22_771, 23_036] })];
    expect(decideRunSession({ type: 'SetSessionLaps', data: { laps } }, state)[0]!.data).toMatchObject({
      laps: [stored(69_870, 'timed', [23_431, 22_907, 23_532], 'Aiko TANAKA'), stored(68_914, 'timed', [23_102, 22_771, 23_036])],
    });
  });

  it('refuses sector times that do not add up to the lap time within 0.01 s, naming the lap', () => {
    const laps = [lap({ time: '1:09.870', sectorsMs: [23_431, 22_907, 23_532] }), lap({ time: '1:08.914', sectorsMs: [23_102, 22_771, 23_052] })];
    expect(() => decideRunSession({ type: 'SetSessionLaps', data: { laps } }, state)).toThrow(
      new ValidationError('laps[1].sectorsMs: lap 2: its sector times add up to 1:08.925, not its lap time 1:08.914 (they must agree within 0.01 s)'),
    );
  });

  it('folds a SessionLapsSet stored before sectors existed (v1, upcast on read) into laps without sectors or driver, and sees no change in the same laps sent again', () => {
    const v1 = { sessionId: 1, carId: 2, raceEventId: 3, laps: [{ lapTimeMs: 102_318, kind: 'timed' }, { lapTimeMs: 110_500, kind: 'in' }] };
    const upcast = EVENT_SCHEMAS.SessionLapsSet!.upcasters[1]!(v1 as never) as Extract<RunSessionEvent, { type: 'SessionLapsSet' }>['data'];
    const folded = foldState(runSessionDecider, [added, { type: 'SessionLapsSet', data: upcast }]);
    expect(folded.status === 'active' && folded.laps).toEqual([stored(102_318), stored(110_500, 'in')]);
    expect(decideRunSession({ type: 'SetSessionLaps', data: { laps: [lap({ time: '1:42.318' }), lap({ time: '1:50.5', kind: 'in' })] } }, folded)).toEqual([]);
  });

  it('records nothing when nothing changes, and refuses changes to a deleted session', () => {
    expect(decideRunSession({ type: 'ReviseSession', data: { name: 'FP1', airTempC: 19 } }, state)).toEqual([]);
    expect(decideRunSession({ type: 'ReviseSession', data: { name: 'FP2' } }, state)[0]).toMatchObject({ type: 'SessionDetailsRevised', data: { details: { ...details, name: 'FP2' } } });
    const removed = foldState(runSessionDecider, [added, { type: 'SessionRemoved', data: { sessionId: 1, carId: 2, raceEventId: 3 } }]);
    expect(() => decideRunSession({ type: 'RemoveSession' }, removed)).toThrow('Session not found');
  });

  it('AddSession with cold pressures (the tire pressure assistant\'s \'Use these\') records them with the session, hot not yet measured', () => {
    const cold = { fl: 27.2, fr: 26.8, rl: 26.7, rr: 26.3, tempC: 24 };
    expect(decideRunSession({ type: 'AddSession', data: added.data as Extract<RunSessionEvent, { type: 'SessionAdded' }>['data'], cold }, foldState(runSessionDecider, []))).toEqual([
      added,
      { type: 'SessionTirePressuresSet', data: { sessionId: 1, carId: 2, raceEventId: 3, cold, hot: null } },
    ]);
    expect(decideRunSession({ type: 'AddSession', data: added.data as Extract<RunSessionEvent, { type: 'SessionAdded' }>['data'], cold: null }, foldState(runSessionDecider, []))).toEqual([added]);
  });
});

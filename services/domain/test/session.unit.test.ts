import { describe, it } from 'vitest';
import { EVENT_SCHEMAS, NotFoundError, runSessionDecider, ValidationError, type RunSessionEvent } from '../src/index.ts';
import { spec } from './spec.ts';

const details = { name: 'FP1', type: 'practice' as const, startedAt: '2026-03-21T09:00:00Z', driverMemberId: null, airTempC: 19, trackTempC: null, weather: null, tireSet: null, fuelLitres: null, notes: null, feedbackTags: [], feedbackText: null };
const added: RunSessionEvent = { type: 'SessionAdded', data: { sessionId: 1, carId: 2, raceEventId: 3, teamId: 4, details, createdAt: '2026-03-21T08:00:00Z' } };
const addedData = added.data as Extract<RunSessionEvent, { type: 'SessionAdded' }>['data'];
const ids = { sessionId: 1, carId: 2, raceEventId: 3 };
const session = spec(runSessionDecider);

type RunSessionCommand = Parameters<typeof runSessionDecider.decide>[0];
type CommandLap = Extract<RunSessionCommand, { type: 'SetSessionLaps' }>['data']['laps'][number];
/** A lap as the command takes it: timed, no sectors, no driver unless given. */
const lap = (l: Partial<CommandLap>): CommandLap => ({ kind: 'timed', sectorsMs: [], driverName: null, ...l });
type StoredLap = Extract<RunSessionEvent, { type: 'SessionLapsSet' }>['data']['laps'][number];
/** A lap as the event stores it. */
const stored = (lapTimeMs: number, kind: StoredLap['kind'] = 'timed', sectorsMs: number[] = [], driverName: string | null = null): StoredLap => ({ lapTimeMs, kind, sectorsMs, driverName });
const setLaps = (...laps: CommandLap[]): RunSessionCommand => ({ type: 'SetSessionLaps', data: { laps } });

describe('session decider', () => {
  it('stores typed lap times in ms, in the order given', () => {
    session.given([added]).when(setLaps(lap({ time: '1:42.318' }), lap({ time: '1.43.0', kind: 'in' }))).then([{ type: 'SessionLapsSet', data: { ...ids, laps: [stored(102_318), stored(103_000, 'in')] } }]);
  });

  it('names the first lap that does not parse as laps[i].time, with the forms it takes', () => {
    session
      .given([added])
      .when(setLaps(lap({ time: '1:42.318' }), lap({ time: 'DNF' })))
      .thenThrows(ValidationError, /^laps\[1\]\.time: 'DNF' is not a lap time \(write it as 1:42\.318, 1\.42\.318 or 102\.318\)$/);
  });

  it('takes a lap time in ms as well as text, keeping the sector times and the driver a timing export names', () => {
    session
      .given([added])
      .when(setLaps(lap({ lapTimeMs: 69_870, sectorsMs: [23_431, 22_907, 23_532], driverName: 'Aiko TANAKA' }), lap({ time: '1:08.914', sectorsMs: [23_102, 22_771, 23_036] })))
      .then([{ type: 'SessionLapsSet', data: { ...ids, laps: [stored(69_870, 'timed', [23_431, 22_907, 23_532], 'Aiko TANAKA'), stored(68_914, 'timed', [23_102, 22_771, 23_036])] } }]);
  });

  it('refuses sector times that do not add up to the lap time within 0.01 s, naming the lap', () => {
    session
      .given([added])
      .when(setLaps(lap({ time: '1:09.870', sectorsMs: [23_431, 22_907, 23_532] }), lap({ time: '1:08.914', sectorsMs: [23_102, 22_771, 23_052] })))
      .thenThrows(ValidationError, /^laps\[1\]\.sectorsMs: lap 2: its sector times add up to 1:08\.925, not its lap time 1:08\.914 \(they must agree within 0\.01 s\)$/);
  });

  it('sees no change in the laps of a SessionLapsSet stored before sectors existed (upcast on read) sent again', () => {
    const v1 = { ...ids, laps: [{ lapTimeMs: 102_318, kind: 'timed' }, { lapTimeMs: 110_500, kind: 'in' }] };
    const upcast = EVENT_SCHEMAS.SessionLapsSet!.upcasters[1]!(v1 as never) as Extract<RunSessionEvent, { type: 'SessionLapsSet' }>['data'];
    session.given([added, { type: 'SessionLapsSet', data: upcast }]).when(setLaps(lap({ time: '1:42.318' }), lap({ time: '1:50.5', kind: 'in' }))).then([]);
  });

  it('records nothing when a revision changes nothing', () => {
    session.given([added]).when({ type: 'ReviseSession', data: { name: 'FP1', airTempC: 19 } }).then([]);
  });

  it('records a revision as the complete details, the fields not given kept', () => {
    session.given([added]).when({ type: 'ReviseSession', data: { name: 'FP2' } }).then([{ type: 'SessionDetailsRevised', data: { ...ids, details: { ...details, name: 'FP2' } } }]);
  });

  it('refuses changes to a deleted session', () => {
    session.given([added, { type: 'SessionRemoved', data: ids }]).when({ type: 'RemoveSession' }).thenThrows(NotFoundError, /^Session not found$/);
  });

  it("records the cold pressures given with a new session (the tire pressure assistant's 'Use these'), hot not yet measured", () => {
    const cold = { fl: 27.2, fr: 26.8, rl: 26.7, rr: 26.3, tempC: 24 };
    session.given([]).when({ type: 'AddSession', data: addedData, cold }).then([added, { type: 'SessionTirePressuresSet', data: { ...ids, cold, hot: null } }]);
  });

  it('adds a session without pressures when none are given', () => {
    session.given([]).when({ type: 'AddSession', data: addedData, cold: null }).then([added]);
  });
});

import { parseLapTime, sectorSumProblem, stintsInLapOrder, TIMED_LAP_MAX_MS, TIMED_LAP_TOO_LONG, stintsProblem, type ColdPressures, type StintValue, type HotPressures, type LapKind, type LapValue, type SessionDetails } from '@pitwall/contracts';
import { assertNever, sameValue, type Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { SessionAdded, RunSessionEvent, RunSessionState, TireTemperatureReadingValue } from './session.ts';
import { evolveRunSession, initialRunSessionState } from './session.ts';
import { decidePitStop, type PitStopCommand } from './pit-stops.ts';
import { decideTimetableSession, type TimetableSessionCommand } from './timetable.ts';

/**
 * Adds a session; `cold` (optional): the cold pressures as set for it, recorded with it
 * (SessionTirePressuresSet, hot not yet measured); `tireSetId` (optional): the team's tire set it
 * runs on (SessionTireSetChosen; the caller checks the set is the team's and not scrapped).
 */
export interface AddSession {
  type: 'AddSession';
  data: SessionAdded['data'];
  cold?: ColdPressures | null;
  tireSetId?: number | null;
}
/** Changes the fields given, and the tire set when `tireSetId` is given (null: none); the others keep their value. */
export interface ReviseSession {
  type: 'ReviseSession';
  data: Partial<SessionDetails> & { tireSetId?: number | null };
}
/**
 * Replaces the laps with this list, in order; each time in ms (`lapTimeMs`, checked 10 s – 24 h by
 * the API schema; what the web app and imports send) or as typed by an API client (`time`: '1:42.318',
 * '102.318', '1.42.318') — one of them (the API schema refuses both or neither; `time` wins here), with
 * its sector times (ms, [] = none) and the driver's name from a timing export (null = none).
 */
export interface SetSessionLaps {
  type: 'SetSessionLaps';
  data: { laps: { time?: string; lapTimeMs?: number; kind: LapKind; sectorsMs: number[]; driverName: string | null }[] };
}
export interface SetSessionTirePressures {
  type: 'SetSessionTirePressures';
  data: { cold: ColdPressures | null; hot: HotPressures | null };
}
/** Records a tire temperature reading; one per stint, so a reading for a stint already read (or for after the run, `stint` null) replaces it. */
export interface SetSessionTireTemperatures {
  type: 'SetSessionTireTemperatures';
  data: { reading: TireTemperatureReadingValue };
}
/** Replaces the stints with this list (any order; stored in lap order). The caller checks drivers and tire sets belong to the team. */
export interface SetSessionStints {
  type: 'SetSessionStints';
  data: { stints: StintValue[] };
}
/** Records the fuel in the tank after the session (L; null: not measured). */
export interface SetSessionFuelAtEnd {
  type: 'SetSessionFuelAtEnd';
  data: { fuelAtEndLitres: number | null };
}
export interface RemoveSession {
  type: 'RemoveSession';
}
export type RunSessionCommand = AddSession | ReviseSession | SetSessionLaps | SetSessionTirePressures | SetSessionTireTemperatures | SetSessionStints | SetSessionFuelAtEnd | PitStopCommand | RemoveSession | TimetableSessionCommand;

/**
 * Decides a session command. Throws NotFoundError for a missing or deleted session, ConflictError
 * when adding twice, ValidationError `laps[i].time: …` (i counted from 0, as in the request body)
 * for the first lap time parseLapTime cannot read, `laps[i].kind: …` for a 'timed' lap over 30 min, and `laps[i].sectorsMs: lap i+1: …` for the
 * first lap whose sector times do not add up to its time within 0.01 s, and `stints[i]: …` (stintsProblem)
 * for the first stint that overlaps another or lies outside the session's laps, ConflictError for
 * stints sent whole to a session with logged pit stops (its stints are theirs), and decidePitStop's
 * refusals for the pit stop commands — nothing is stored then.
 * No change → [].
 */
export function decideRunSession(command: RunSessionCommand, state: RunSessionState): RunSessionEvent[] {
  if (command.type === 'ApplyTimetableSession' || command.type === 'WithdrawTimetableSession') return decideTimetableSession(command, state);
  if (command.type === 'AddSession') {
    if (state.status !== 'none') throw new ConflictError('Session already exists');
    const { sessionId, carId, raceEventId } = command.data;
    const added: RunSessionEvent = { type: 'SessionAdded', data: command.data };
    const pressures: RunSessionEvent[] = command.cold ? [{ type: 'SessionTirePressuresSet', data: { sessionId, carId, raceEventId, cold: command.cold, hot: null } }] : [];
    const tireSet: RunSessionEvent[] = command.tireSetId ? [{ type: 'SessionTireSetChosen', data: { sessionId, carId, raceEventId, tireSetId: command.tireSetId } }] : [];
    return [added, ...pressures, ...tireSet];
  }
  if (state.status !== 'active') throw new NotFoundError('Session not found');
  const { sessionId, carId, raceEventId } = state;
  switch (command.type) {
    case 'ReviseSession': {
      const { tireSetId, ...fields } = command.data;
      const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const details = { ...state.details, ...changes };
      const revised: RunSessionEvent[] = sameValue(details, state.details) ? [] : [{ type: 'SessionDetailsRevised', data: { sessionId, carId, raceEventId, details } }];
      const chosen: RunSessionEvent[] = tireSetId === undefined || tireSetId === state.tireSetId ? [] : [{ type: 'SessionTireSetChosen', data: { sessionId, carId, raceEventId, tireSetId } }];
      return [...revised, ...chosen];
    }
    case 'SetSessionLaps': {
      const laps = command.data.laps.map(({ time, lapTimeMs, kind, sectorsMs, driverName }, i): LapValue => {
        const reading = time !== undefined ? parseLapTime(time) : lapTimeMs !== undefined ? { ok: true as const, ms: lapTimeMs } : { ok: false as const, message: 'send either time or lapTimeMs' };
        if (!reading.ok) throw new ValidationError(`laps[${i}].time: ${reading.message}`);
        if (kind === 'timed' && reading.ms > TIMED_LAP_MAX_MS) throw new ValidationError(`laps[${i}].kind: ${TIMED_LAP_TOO_LONG}`);
        const sectors = sectorSumProblem(i + 1, reading.ms, sectorsMs);
        if (sectors) throw new ValidationError(`laps[${i}].sectorsMs: ${sectors}`);
        return { lapTimeMs: reading.ms, kind, sectorsMs, driverName };
      });
      // Compared field by field in one order: laps read back from a jsonb store come with their keys reordered.
      const current = state.laps.map((l): LapValue => ({ lapTimeMs: l.lapTimeMs, kind: l.kind, sectorsMs: l.sectorsMs, driverName: l.driverName }));
      return sameValue(laps, current) ? [] : [{ type: 'SessionLapsSet', data: { sessionId, carId, raceEventId, laps } }];
    }
    case 'SetSessionTirePressures': {
      const { cold, hot } = command.data;
      return sameValue({ cold, hot }, { cold: state.cold, hot: state.hot }) ? [] : [{ type: 'SessionTirePressuresSet', data: { sessionId, carId, raceEventId, cold, hot } }];
    }
    case 'SetSessionTireTemperatures': {
      const reading = readingInKeyOrder(command.data.reading);
      // Stint order, the reading after the run (stint null) last.
      const order = (r: TireTemperatureReadingValue) => r.stint ?? Number.MAX_SAFE_INTEGER;
      const current = state.tireTemperatures.map(readingInKeyOrder);
      const readings = [...current.filter((r) => r.stint !== reading.stint), reading].sort((a, b) => order(a) - order(b));
      return sameValue(readings, current) ? [] : [{ type: 'SessionTireTemperaturesSet', data: { sessionId, carId, raceEventId, readings } }];
    }
    case 'SetSessionStints': {
      if (state.pitStops.length > 0) throw new ConflictError("This session's stints come from its logged pit stops: edit or remove a pit stop instead");
      const problem = stintsProblem(command.data.stints, state.laps.length);
      if (problem) throw new ValidationError(problem);
      const stints = stintsInLapOrder(command.data.stints).map(inKeyOrder);
      // Compared in one key order: stints read back from a jsonb store come with their keys reordered.
      return sameValue(stints, state.stints.map(inKeyOrder)) ? [] : [{ type: 'SessionStintsSet', data: { sessionId, carId, raceEventId, stints } }];
    }
    case 'SetSessionFuelAtEnd': {
      const { fuelAtEndLitres } = command.data;
      return fuelAtEndLitres === state.fuelAtEndLitres ? [] : [{ type: 'SessionFuelAtEndSet', data: { sessionId, carId, raceEventId, fuelAtEndLitres } }];
    }
    case 'LogPitStop':
    case 'RevisePitStop':
    case 'RemovePitStop':
      return decidePitStop(command, state);
    case 'RemoveSession':
      return [{ type: 'SessionRemoved', data: { sessionId, carId, raceEventId } }];
    default:
      return assertNever(command);
  }
}

/** A stint with its keys in one order. */
const inKeyOrder = (s: StintValue): StintValue => ({
  driverMemberId: s.driverMemberId, fromLap: s.fromLap, toLap: s.toLap, fuelAddedLitres: s.fuelAddedLitres, pitStopMs: s.pitStopMs, tireSetId: s.tireSetId, notes: s.notes,
});

export const runSessionDecider: Decider<RunSessionCommand, RunSessionEvent, RunSessionState> = {
  decide: decideRunSession,
  evolve: evolveRunSession,
  initialState: initialRunSessionState,
  // 2: laps hold sectorsMs and driverName (a snapshot taken before would lack them).
  // 3: the tire set it ran on (tireSetId).
  // 4: the stints and the fuel at the end.
  // 5: the tire temperature readings.
  // 6: the pit stops logged as they happened.
  stateVersion: 6,
};

/** A reading with its keys in one order: read back from a jsonb store its keys come reordered, and equal readings must compare equal. */
function readingInKeyOrder(r: TireTemperatureReadingValue): TireTemperatureReadingValue {
  const tread = (t: TireTemperatureReadingValue['corners']['fl']) => ({ innerC: t.innerC, middleC: t.middleC, outerC: t.outerC });
  return { stint: r.stint, measuredAt: r.measuredAt, corners: { fl: tread(r.corners.fl), fr: tread(r.corners.fr), rl: tread(r.corners.rl), rr: tread(r.corners.rr) } };
}
